"""The base run on a pod slice; checkpoints in the format torch FSDP users know."""
NAME = "base-pod"
CONFIG = {
    "steps": 2,
    "batch_size": 4,
    "seq_len": 16,
    "lr": 3e-4,
    "checkpoint": {"state_dict_type": "full_state_dict", "every": 2},
}
