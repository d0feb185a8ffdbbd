from litgpt.config import Config
from litgpt.model import GPT

__all__ = ["GPT", "Config"]
