"""What a run shards and recomputes unless told otherwise."""
from ..models.blocknet import Block

AUTO_WRAP_POLICY = {Block}
ACTIVATION_CHECKPOINTING_POLICY = {Block}
STATE_DICT_TYPE = "sharded"
