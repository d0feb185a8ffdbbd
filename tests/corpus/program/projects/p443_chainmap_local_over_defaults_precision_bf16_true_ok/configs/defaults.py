"""What every run shares; a machine's module in this package overrides any of it."""
FABRIC = {
    "accelerator": "tpu",
    "devices": "auto",
    "precision": "32-true",
}
STEPS = 2
