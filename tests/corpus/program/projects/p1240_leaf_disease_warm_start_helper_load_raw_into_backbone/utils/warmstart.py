"""Pretrained-weight helpers."""
import os

import torch


def fetch_pretrained(path, make_backbone):
    """Stand-in for the bucket download: writes a backbone state dict once."""
    if not os.path.exists(path):
        torch.save(make_backbone().state_dict(), path)
    return path


def warm_start(fabric, module, path, strict=True):
    """Copy the pretrained weights at `path` into `module` before it is set up."""
    fabric.load_raw(path, module, strict=strict)
    return module
