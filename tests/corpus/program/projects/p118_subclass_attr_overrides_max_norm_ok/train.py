# expect: none
# oracle: OK
# twin: p117_subclass_attr_overrides_clip_val
"""python train.py: fine-tunes the block net with the settings of trainers.finetune."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from trainers.finetune import FinetuneTrainer

if __name__ == "__main__":
    FinetuneTrainer(depth=2, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), accelerator="tpu").run()
