"""Named presets, as plain dicts (they used to live in a YAML file)."""

PRESETS = {
    "cpu-debug": {
        "fabric": {"accelerator": "cpu", "devices": 1},
        "train": {"steps": 1, "batch_size": 8},
    },
    "tpu-v3-8": {
        "fabric": {"accelerator": "tpu", "devices": "auto", "precision": "bf16-true"},
        "train": {"batch_size": 64},
    },
}
