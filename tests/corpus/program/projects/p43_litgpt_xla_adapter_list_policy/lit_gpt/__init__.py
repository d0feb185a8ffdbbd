from lit_gpt.model import GPT, Block, Config

__all__ = ["GPT", "Block", "Config"]
