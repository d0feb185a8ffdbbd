"""A few steps to see the loop run end to end."""
NAME = "tiny"
CONFIG = {
    "steps": 1,
    "batch_size": 2,
    "seq_len": 8,
    "lr": 1e-3,
    "checkpoint": {"state_dict_type": "sharded", "every": 1},
}
