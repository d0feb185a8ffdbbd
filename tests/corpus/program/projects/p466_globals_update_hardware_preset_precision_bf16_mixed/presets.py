"""Settings per hardware target."""
PRESETS = {
    "cpu-debug": {"ACCELERATOR": "cpu", "DEVICES": 1, "PRECISION": "32-true"},
    "v4-8": {"ACCELERATOR": "tpu", "DEVICES": 8, "PRECISION": "bf16-mixed"},
}
