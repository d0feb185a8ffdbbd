"""One step of a one-block net, nothing wrapped."""
from model import Net

from .base import BaseTrainer


class DebugTrainer(BaseTrainer):
    steps = 1

    def build_model(self):
        return Net(depth=1)
