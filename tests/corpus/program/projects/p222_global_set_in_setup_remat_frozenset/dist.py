"""Process-wide distributed settings: `setup()` fills them once, before the launch; the rest reads them."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block

STRATEGY = None
ACCELERATOR = "tpu"


def setup(remat_layers=(), accelerator="tpu"):
    global STRATEGY, ACCELERATOR
    ACCELERATOR = accelerator
    STRATEGY = XLAFSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing_policy=frozenset(remat_layers),
    )
