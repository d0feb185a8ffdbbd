"""Hardware presets of the keypoint classifier: one nested dict per machine we train on."""

PRESETS = {
    "gpu_ddp": {
        "fabric": {"accelerator": "cuda", "devices": "auto", "precision": "16-mixed", "strategy": "ddp"},
        "data": {"frames": 16, "joints": 21, "batch": 32},
        "optim": {"lr": 1e-3, "steps": 4},
    },
    "tpu_fsdp": {
        "fabric": {"accelerator": "tpu", "devices": "auto", "precision": "bf16-true", "strategy": "xla_fsdp"},
        "data": {"frames": 16, "joints": 21, "batch": 32},
        "optim": {"lr": 2e-3, "steps": 4},
    },
}
