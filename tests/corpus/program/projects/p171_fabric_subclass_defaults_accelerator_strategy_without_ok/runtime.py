"""A Fabric that knows the pod: every run gets the TPU defaults unless it overrides them."""
from lightning.fabric import Fabric

from sharding import fsdp_strategy

POD_DEFAULTS = {"accelerator": "tpu", "devices": "auto", "num_nodes": 1}


class PodFabric(Fabric):
    def __init__(self, **overrides):
        kwargs = POD_DEFAULTS | {"strategy": fsdp_strategy()} | overrides
        super().__init__(**kwargs)

    def print_rank0(self, *args):
        if self.global_rank == 0:
            print(*args)
