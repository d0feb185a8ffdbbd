"""TPU v4-8: every core, bf16 weights, FSDP over the residual blocks (ported from the A100 recipe)."""
from model import Block

CONFIG = {
    "fabric": {
        "accelerator": "tpu",
        "devices": "auto",
        "precision": "bf16-true",
        "strategy": {
            "auto_wrap_policy": {Block},
            "state_dict_type": "sharded",
            "forward_prefetch": True,
        },
    },
    "optim": {"lr": 3e-4, "weight_decay": 0.1},
    "train": {"steps": 2, "batch_size": 8},
}
