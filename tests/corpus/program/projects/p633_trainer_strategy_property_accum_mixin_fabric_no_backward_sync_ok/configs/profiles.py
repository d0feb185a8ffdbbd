"""Run profiles: `python train.py NAME` picks one."""
PROFILES = {
    "pod": {"precision": "bf16-true", "steps": 4, "accumulate": 2, "lr": 3e-4},
    "smoke": {"precision": "32-true", "steps": 1, "accumulate": 1, "lr": 3e-4},
}
