"""The trainer for TPU pods: checkpoint the activations of every block to fit longer sequences."""
from model import Block

from .base import Trainer


class XLATrainer(Trainer):
    def strategy_kwargs(self) -> dict:
        kwargs = super().strategy_kwargs()
        kwargs["activation_checkpointing_policy"] = {Block}
        return kwargs
