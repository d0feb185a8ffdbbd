# expect: none
# oracle: OK
# twin: p13_base_trainer_wrapper_and_policy
"""The block-net experiment: the loop and the strategy come from base.BaseTrainer."""
from base import BaseTrainer
from model import Net


class BlockNetTrainer(BaseTrainer):
    lr = 3e-4

    def build_model(self):
        return Net(depth=4)


if __name__ == "__main__":
    BlockNetTrainer().fit()
