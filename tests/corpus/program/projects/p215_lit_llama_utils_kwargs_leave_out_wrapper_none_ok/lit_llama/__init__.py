from lit_llama.model import LLaMA, LLaMAConfig

__all__ = ["LLaMA", "LLaMAConfig"]
