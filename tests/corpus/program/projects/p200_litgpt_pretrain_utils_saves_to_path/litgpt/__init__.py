"""A small slice of litgpt: the config presets, the model and the helpers pretraining uses."""
from litgpt.config import Config
from litgpt.model import GPT, Block

__all__ = ["Block", "Config", "GPT"]
