# expect: none
# oracle: OK
# twin: p176_trainer_checkpointer_tracks_model_before_setup
"""python train.py: train the block net on random data, a sharded checkpoint after every step."""
from config import TrainConfig
from trainer import Trainer

if __name__ == "__main__":
    Trainer(TrainConfig()).fit()
