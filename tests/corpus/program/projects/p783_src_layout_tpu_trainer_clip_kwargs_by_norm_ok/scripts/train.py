# expect: none
# oracle: OK
# twin: p782_src_layout_tpu_trainer_clip_kwargs_by_value
"""Entry point of the src-layout repo: puts src/ on the path, then trains lmkit's model with its TPU trainer."""
import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from lightning.fabric import Fabric  # noqa: E402

from lmkit.config import TrainConfig  # noqa: E402
from lmkit.trainer import TPUTrainer  # noqa: E402


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=None)
    parser.add_argument("--lr", type=float, default=None)
    parser.add_argument("--grad-clip", type=float, default=None)
    return parser.parse_args(argv)


def config_from_args(args):
    overrides = {k: v for k, v in vars(args).items() if v is not None}
    return replace(TrainConfig(), **overrides)


def run(fabric, cfg):
    fabric.seed_everything(1234)
    TPUTrainer(fabric, cfg).fit()


if __name__ == "__main__":
    cfg = config_from_args(parse_args())
    fabric = Fabric(accelerator="tpu", precision="32-true", strategy=TPUTrainer.make_strategy(cfg))
    fabric.launch(run, cfg)
