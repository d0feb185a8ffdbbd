"""What every run shares, written for the GPU cluster; the newest run file overrides it."""
FABRIC = {"accelerator": "tpu", "precision": "bf16-mixed"}
