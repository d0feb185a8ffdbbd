"""Distributed helpers shared by the training and the evaluation scripts."""
import torch


def accumulation_context(fabric, model, is_last: bool):
    # skip the gradient all-reduce on every micro-batch but the last one
    return fabric.no_backward_sync(model, enabled=not is_last)


def global_mean(fabric, value: torch.Tensor) -> torch.Tensor:
    return fabric.all_reduce(value, reduce_op="mean")
