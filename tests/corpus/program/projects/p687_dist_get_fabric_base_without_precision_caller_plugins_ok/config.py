"""Shared defaults for every run on the pod."""

BASE_FABRIC = {
    "accelerator": "tpu",
    "devices": "auto",
}

STRATEGY = {
    "state_dict_type": "sharded",
    "reshard_after_forward": True,
}
