"""Per-machine override layers, merged over the defaults in order."""

HARDWARE = {
    "a100x8": {"devices": 8, "precision": "bf16-mixed"},
    # TPU VMs start one process per core
    "tpu-v3-8": {"accelerator": "tpu", "devices": 8, "strategy": "ddp_spawn"},
}

QUICK = {"steps": 2, "batch": 8}
