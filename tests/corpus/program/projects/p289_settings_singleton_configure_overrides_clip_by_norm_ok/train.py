# expect: none
# oracle: OK
# twin: p288_settings_singleton_configure_overrides_clip_by_value
"""python train.py: fine-tune the block net on a pod with this experiment's overrides of the settings."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loop import train
from model import Block
from settings import configure, settings


def main():
    configure(grad_clip=0.5, lr=1e-4)
    fabric = Fabric(
        accelerator=settings.accelerator,
        precision=settings.precision,
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
    )
    fabric.launch(train)


if __name__ == "__main__":
    main()
