"""The project's XLA FSDP strategy: sharded checkpoints unless told otherwise."""
from lightning.fabric.strategies import XLAFSDPStrategy


class ProjectXLAFSDP(XLAFSDPStrategy):
    def __init__(self, **kwargs):
        kwargs.setdefault("state_dict_type", "sharded")
        kwargs.setdefault("sequential_save", False)
        super().__init__(**kwargs)
