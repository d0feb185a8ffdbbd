# expect: none
# oracle: OK
# twin: p186_mixin_strategy_overridden_closure_wrap_policy
"""python train.py: the block net under XLA FSDP, units wrapped by size."""
from lm.trainers.blocknet import BlockNetTrainer

if __name__ == "__main__":
    BlockNetTrainer().fit()
