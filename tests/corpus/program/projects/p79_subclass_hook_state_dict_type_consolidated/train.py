# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: consolidated
# flagged-in: experiments/blocknet.py
"""python train.py: trains the block net, saves a checkpoint and resumes from it."""
from experiments.blocknet import BlockNetTrainer

if __name__ == "__main__":
    BlockNetTrainer().run()
