"""Settings of the credit-risk fine-tune. The pretrained weights come as one consolidated file."""
from configs.finetune import FinetuneConfig

STATE_DICT_TYPE = "full"

__all__ = ["FinetuneConfig", "STATE_DICT_TYPE"]
