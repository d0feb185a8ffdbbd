"""Byte-level LM on long random-walk sequences: the case activation memory is dominated by the context length."""
import torch

from experiments.base import Experiment
from experiments.mixins import CheckpointedWrapperMixin
from model import VOCAB, ByteLM, DecoderLayer


class LongContextExperiment(CheckpointedWrapperMixin, Experiment):
    WRAP_LAYERS = {DecoderLayer}
    context = 128

    def build_model(self):
        return ByteLM(context=self.context)

    def batch(self, size=4):
        walk = torch.randint(-3, 4, (size, self.context + 1)).cumsum(dim=1) % VOCAB
        return walk[:, :-1], walk[:, 1:]
