"""Validation metrics, reduced across TPU cores so every process logs the same numbers."""
import torch

# how each metric is combined across cores
REDUCTIONS = {
    "rmse": "mean",
    "mae": "mean",
    "max_abs_error": "mean",
}


@torch.no_grad()
def regression_metrics(pred, target):
    err = pred - target
    return {
        "rmse": err.pow(2).mean().sqrt(),
        "mae": err.abs().mean(),
        "max_abs_error": err.abs().max(),
    }


def sync_metrics(fabric, metrics):
    return {name: fabric.all_reduce(value, reduce_op=REDUCTIONS[name]).item() for name, value in metrics.items()}
