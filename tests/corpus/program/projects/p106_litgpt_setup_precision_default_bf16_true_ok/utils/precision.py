import torch
from lightning.fabric.accelerators import MPSAccelerator


def get_default_supported_precision(training: bool) -> str:
    """The precision to run in when the user gives none: mixed for training, true for inference."""
    if MPSAccelerator.is_available() or (torch.cuda.is_available() and not torch.cuda.is_bf16_supported()):
        return "16-mixed" if training else "16-true"
    return "bf16-mixed" if training else "bf16-true"
