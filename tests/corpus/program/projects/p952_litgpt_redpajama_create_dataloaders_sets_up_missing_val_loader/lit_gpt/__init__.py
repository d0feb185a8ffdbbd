from lit_gpt.model import GPT
from lit_gpt.config import Config

__all__ = ["GPT", "Config"]
