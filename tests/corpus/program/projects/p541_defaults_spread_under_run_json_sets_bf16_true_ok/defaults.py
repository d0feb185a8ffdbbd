"""What every run shares, written for the GPU cluster; each machine's JSON file overrides it."""
FABRIC = {"accelerator": "tpu", "precision": "bf16-mixed"}
