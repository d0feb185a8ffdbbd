CONFIG = {
    "strategy": "xla_fsdp_remat",
    "precision": "bf16-true",
    "lr": 3e-4,
    "batch_size": 8,
    "steps": 2,
}
