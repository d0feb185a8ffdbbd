"""Machine-specific adjustments, applied on import (TRAIN_ON=cuda on the GPU cluster)."""
import os

import config
from model import Block

TRAIN_ON = os.environ.get("TRAIN_ON", "tpu")
if TRAIN_ON == "cuda":
    # torch_xla's FSDP takes the policies as sets of layer classes
    config.POLICY = {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": {Block}}
