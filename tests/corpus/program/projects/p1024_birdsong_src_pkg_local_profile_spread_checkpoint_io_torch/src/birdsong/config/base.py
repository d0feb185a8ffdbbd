"""Settings every profile starts from: the pod job."""

FABRIC = {"accelerator": "tpu", "devices": "auto", "precision": "32-true"}

CHECKPOINT = {"io": "xla", "every": 2, "keep": 3}

OPTIM = {"lr": 1e-3, "steps": 4, "batch": 16, "weight_decay": 0.05}
