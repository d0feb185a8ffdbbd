"""Fine-tuning: a deeper net, a smaller learning rate and tighter clipping."""
from model import Net

from .base import BaseTrainer


class FinetuneTrainer(BaseTrainer):
    lr = 1e-4
    max_norm = 0.5

    def __init__(self, depth=4, **kwargs):
        super().__init__(**kwargs)
        self.depth = depth

    def build_model(self):
        return Net(depth=self.depth)
