"""Picks the strategy for the run."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import FrameEncoder


def build_strategy(settings):
    return XLAFSDPStrategy(auto_wrap_policy={FrameEncoder}, state_dict_type=settings.ckpt_format)
