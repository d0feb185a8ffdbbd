# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: train.py
"""python train.py: fine-tune the block net on a pod with this experiment's overrides of the settings."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loop import train
from model import Block
from settings import configure, settings


def main():
    configure(clip_by="value", grad_clip=0.5, lr=1e-4)
    fabric = Fabric(
        accelerator=settings.accelerator,
        precision=settings.precision,
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
    )
    fabric.launch(train)


if __name__ == "__main__":
    main()
