# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>]. You can try defining and passing `auto_w
# flagged-in: trainer/xla.py
"""python train.py: fit the block net with the TPU trainer."""
from trainer import XLATrainer

if __name__ == "__main__":
    XLATrainer().fit()
