"""Helpers copied from litgpt/utils.py."""
import torch


def parse_devices(devices):
    if devices in (-1, "auto"):
        return torch.cuda.device_count() or 1
    if isinstance(devices, int) and devices > 0:
        return devices
    raise ValueError(f"Devices must be 'auto' or a positive integer, got: {devices!r}")


def num_parameters(module, requires_grad=None):
    return sum(p.numel() for p in module.parameters() if requires_grad is None or p.requires_grad == requires_grad)
