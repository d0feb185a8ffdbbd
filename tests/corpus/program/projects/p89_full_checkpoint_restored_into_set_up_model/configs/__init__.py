from .checkpointing import PRETRAINED, STATE_DICT_TYPE
