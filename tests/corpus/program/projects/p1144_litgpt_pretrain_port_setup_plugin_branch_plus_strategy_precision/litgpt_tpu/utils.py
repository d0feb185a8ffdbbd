"""Helpers, as in litgpt/utils.py, plus the TPU strategy."""
import math

import torch
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy

from litgpt_tpu.model import Block


def xla_fsdp_strategy(precision: str) -> XLAFSDPStrategy:
    """The TPU counterpart of litgpt's `FSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full", ...)`."""
    return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded", precision=XLAPrecision(precision))


def num_parameters(module: torch.nn.Module) -> int:
    return sum(p.numel() for p in module.parameters() if p.requires_grad)


def chunked_cross_entropy(logits, targets):
    return torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)).float(), targets.reshape(-1))


def get_lr(learning_rate, it, warmup_iters, max_iters, min_lr):
    if it < warmup_iters:
        return learning_rate * it / warmup_iters
    progress = (it - warmup_iters) / max(1, max_iters - warmup_iters)
    return min_lr + 0.5 * (learning_rate - min_lr) * (1 + math.cos(math.pi * progress))
