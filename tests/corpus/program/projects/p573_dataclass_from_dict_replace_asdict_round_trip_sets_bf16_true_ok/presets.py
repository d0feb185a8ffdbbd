"""Named hardware presets, as dicts (they are also dumped into each run's log folder)."""

PRESETS = {
    "gpu-a100": {"fabric": {"accelerator": "cuda", "devices": 8}, "lr": 3e-4},
    "tpu-v4": {"fabric": {"accelerator": "tpu", "precision": "bf16-true"}, "lr": 1e-4, "batch_size": 16},
}
