# expect: LXF015
# oracle: RAISED ValueError: You have to specify either `clip_val` or `max_norm` to do gradient clipping!
# flagged-in: configs/presets.py
"""python train.py [section.key=value ...]: enhancer/non-enhancer classifier over one-hot DNA windows. The run
config is the frozen default plus the TPU preset plus command-line overrides, applied in that order."""
import sys

from configs import base, presets
from configs.overrides import apply_overrides
from trainer import TPUTrainer


def entry(fabric, cfg):
    TPUTrainer(fabric, cfg).fit()


if __name__ == "__main__":
    cfg = apply_overrides(base.DEFAULT, presets.TPU_HOST + sys.argv[1:])
    fabric = TPUTrainer.build_fabric(cfg)
    fabric.launch(entry, cfg)
