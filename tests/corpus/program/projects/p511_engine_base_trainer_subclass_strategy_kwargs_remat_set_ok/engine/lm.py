"""The full net, every block wrapped and rematerialised."""
from model import Block, Net

from .base import BaseTrainer


class LMTrainer(BaseTrainer):
    def strategy_kwargs(self) -> dict:
        kwargs = super().strategy_kwargs()
        kwargs["auto_wrap_policy"] = {Block}
        kwargs["activation_checkpointing_policy"] = {Block}
        return kwargs

    def build_model(self):
        return Net()
