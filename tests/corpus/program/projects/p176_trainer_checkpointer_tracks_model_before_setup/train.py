# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so:
# flagged-in: trainer.py
"""python train.py: train the block net on random data, a sharded checkpoint after every step."""
from config import TrainConfig
from trainer import Trainer

if __name__ == "__main__":
    Trainer(TrainConfig()).fit()
