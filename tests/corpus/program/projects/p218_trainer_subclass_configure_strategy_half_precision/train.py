# expect: LXF008
# oracle: RAISED TypeError: The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found <lightning.fabric.plugins.precision.half.HalfP
# flagged-in: trainers/lm.py
"""python train.py: fit the block net with the language-model trainer."""
from model import Block, Net
from trainers import LMTrainer

CONFIG = {
    "model_cls": Net,
    "wrap_policy": {Block},
    "precision": "bf16-true",
    "max_steps": 2,
}

if __name__ == "__main__":
    LMTrainer(CONFIG).fit()
