"""Helpers shared by litgpt's entry points."""
from pathlib import Path

import torch


def chunked_cross_entropy(logits, targets):
    return torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))


def num_parameters(module):
    return sum(p.numel() for p in module.parameters() if p.requires_grad)


def save_checkpoint(fabric, state, checkpoint_file: Path):
    checkpoint_file.parent.mkdir(parents=True, exist_ok=True)
    fabric.print(f"Saving checkpoint to {str(checkpoint_file)!r}")
    fabric.save(checkpoint_file, state)
