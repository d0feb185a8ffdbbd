"""Setting up the model and optimizer for the strategy in use."""
from .optim import build_optimizer

__all__ = ["setup_training", "is_main"]


def is_main(fabric):
    return fabric.global_rank == 0


def setup_training(fabric, model, lr):
    optimizer = build_optimizer(model, lr)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    return model, optimizer
