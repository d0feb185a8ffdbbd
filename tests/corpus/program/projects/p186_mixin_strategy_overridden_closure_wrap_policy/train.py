# expect: LXF006
# oracle: RAISED AttributeError: Can't pickle local object 'min_params_policy.<locals>.policy'
# flagged-in: lm/utils/policies.py
"""python train.py: the block net under XLA FSDP, units wrapped by size."""
from lm.trainers.blocknet import BlockNetTrainer

if __name__ == "__main__":
    BlockNetTrainer().fit()
