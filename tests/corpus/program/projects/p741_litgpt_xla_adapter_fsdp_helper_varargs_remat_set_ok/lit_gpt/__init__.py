from lit_gpt.adapter import GPT, Block, Config, adapter_filter, mark_only_adapter_as_trainable

__all__ = ["GPT", "Block", "Config", "adapter_filter", "mark_only_adapter_as_trainable"]
