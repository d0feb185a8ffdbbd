"""Presets (complete configs) and override layers (partial ones)."""

PRESETS = {
    # data-parallel on the TPU cores: XLAStrategy wants the model and optimizer set up together
    "tpu_dp": {
        "accelerator": "tpu",
        "strategy": "xla",
        "setup": "joint",
        "channels": 2,
        "epoch_len": 300,
        "lr": 1e-3,
        "steps": 3,
        "batch": 16,
    },
}

LAYERS = {
    # shard parameters and optimizer state once the model outgrew one core
    "sharded": {"strategy": "xla_fsdp"},
    "short": {"steps": 2},
}
