"""Named runs, as a sweep file would list them."""
RUNS = {
    "debug": {"accelerator": "cpu", "devices": 1, "precision": "32-true"},
    "v4-8": {"accelerator": "tpu", "fsdp": True, "devices": 8, "precision": "bf16-mixed"},
    "v4-8-dp": {"accelerator": "tpu", "devices": 8, "precision": "bf16-true"},
}
