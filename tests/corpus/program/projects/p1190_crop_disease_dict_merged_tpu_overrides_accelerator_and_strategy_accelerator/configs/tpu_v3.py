"""A v3-8 TPU VM: bf16 weights, all eight cores."""

OVERRIDES = {
    "accelerator": "tpu",
    "precision": "bf16-true",
}
