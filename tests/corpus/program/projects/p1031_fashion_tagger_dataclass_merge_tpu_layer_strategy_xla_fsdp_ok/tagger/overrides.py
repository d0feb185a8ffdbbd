"""Per-machine override layers, merged over the defaults in order."""

HARDWARE = {
    "a100x8": {"devices": 8, "precision": "bf16-mixed"},
    # TPU VMs: one process per core, parameters sharded across them
    "tpu-v3-8": {"accelerator": "tpu", "devices": 8, "strategy": "xla_fsdp"},
}

QUICK = {"steps": 2, "batch": 8}
