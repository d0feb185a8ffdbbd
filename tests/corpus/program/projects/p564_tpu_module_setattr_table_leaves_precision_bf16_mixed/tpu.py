"""Imported on a TPU VM: the TPU values of config.py's names."""
import config

TPU_SETTINGS = {
    "ACCELERATOR": "tpu",
    "STRATEGY": "xla_fsdp",
}
for key, value in TPU_SETTINGS.items():
    setattr(config, key, value)
