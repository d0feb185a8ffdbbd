# expect: LXF043
# oracle: RAISED ValueError: precision set through both strategy class and plugins, choose one
# flagged-in: trainers/tpu.py
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
