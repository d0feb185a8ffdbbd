"""Turns the GPU settings into the TPU VM's: same parallelism, XLA flavour."""

PRECISION_ON_TPU = {"bf16-mixed": "bf16-true", "16-mixed": "bf16-true", "32-true": "32-true"}


def tpu_settings(gpu):
    return {
        "accelerator": "tpu",
        "devices": "auto",
        "strategy": gpu["strategy"].replace("fsdp", "xla_fsdp"),
        "precision": PRECISION_ON_TPU[gpu["precision"]],
    }
