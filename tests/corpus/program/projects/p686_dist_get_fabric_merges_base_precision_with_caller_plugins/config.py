"""Shared defaults for every run on the pod."""

BASE_FABRIC = {
    "accelerator": "tpu",
    "devices": "auto",
    "precision": "bf16-true",
}

STRATEGY = {
    "state_dict_type": "sharded",
    "reshard_after_forward": True,
}
