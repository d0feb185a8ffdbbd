"""What every run shares, written for the GPU cluster; the machine's YAML file updates it."""
FABRIC = {"accelerator": "tpu", "precision": "bf16-mixed"}
