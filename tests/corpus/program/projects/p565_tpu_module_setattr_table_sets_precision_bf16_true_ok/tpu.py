"""Imported on a TPU VM: the TPU values of config.py's names."""
import config

TPU_SETTINGS = {
    "ACCELERATOR": "tpu",
    "STRATEGY": "xla_fsdp",
    "PRECISION": "bf16-true",
}
for key, value in TPU_SETTINGS.items():
    setattr(config, key, value)
