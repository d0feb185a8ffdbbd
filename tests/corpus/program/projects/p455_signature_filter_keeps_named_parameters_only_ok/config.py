"""One FSDP section for every backend: each strategy takes the keywords it knows."""
from model import Block

FSDP = {
    "auto_wrap_policy": {Block},
    "state_dict_type": "sharded",
    "use_orig_params": True,  # CUDA FSDP only
}
PRECISION = "bf16-true"
STEPS = 2
