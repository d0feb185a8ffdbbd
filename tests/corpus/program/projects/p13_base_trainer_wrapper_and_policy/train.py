# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: base.py
"""The block-net experiment: the loop and the strategy come from base.BaseTrainer."""
from base import BaseTrainer
from model import Net


class BlockNetTrainer(BaseTrainer):
    lr = 3e-4

    def build_model(self):
        return Net(depth=4)


if __name__ == "__main__":
    BlockNetTrainer().fit()
