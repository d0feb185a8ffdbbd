# expect: none
# oracle: OK
# twin: p1224_cloud_mask_tpu_trainer_strategy_precision_plus_mixin_plugin
"""python train.py: cloud-mask segmentation of 16x16 satellite tiles, TPU trainer picked by name."""
import dataclasses

import trainers.tpu as tpu_trainers  # noqa: F401  (the import registers the "tpu" trainer)
from settings import BASE
from trainers import *  # noqa: F403


def worker(fabric, trainer):
    trainer.attach(fabric)
    trainer.fit()


def main():
    cfg = dataclasses.replace(BASE, trainer="tpu", precision="bf16-true", steps=3)
    trainer = make_trainer(cfg)  # noqa: F405
    fabric = trainer.build_fabric()
    fabric.launch(worker, trainer)


if __name__ == "__main__":
    main()
