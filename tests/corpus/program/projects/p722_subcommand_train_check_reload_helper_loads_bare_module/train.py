# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
# flagged-in: checkpoints.py
"""python train.py train [--lr 1e-3] | python train.py eval --step N"""
import sys

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import cli
import modes


def main(command, ckpt_dir, steps, lr, check_reload, step=None):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={modes.Block}))
    if command == "train":
        fabric.launch(modes.run_train, ckpt_dir, steps, lr, check_reload)
    else:
        fabric.launch(modes.run_eval, ckpt_dir, steps, step)


if __name__ == "__main__":
    args = cli.build_parser().parse_args(sys.argv[1:] or ["train"])
    main(**vars(args))
