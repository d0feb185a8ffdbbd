# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: train.py
"""python train.py [--precision P] [--steps N]: trains the block net on random data."""
import argparse

from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import LogLoss
from core import Trainer
from model import Block, Net


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--precision", default="bf16-mixed")
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args(argv)


def main(args):
    trainer = Trainer(
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        precision=args.precision,
        max_steps=args.steps,
        callbacks=[LogLoss()],
    )
    trainer.fit(Net)


if __name__ == "__main__":
    main(parse_args())
