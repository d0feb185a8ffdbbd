# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: trainers/finetune.py
"""python train.py: fine-tunes the block net with the settings of trainers.finetune."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from trainers.finetune import FinetuneTrainer

if __name__ == "__main__":
    FinetuneTrainer(depth=2, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), accelerator="tpu").run()
