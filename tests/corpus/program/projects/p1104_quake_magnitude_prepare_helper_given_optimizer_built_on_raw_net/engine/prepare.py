"""Puts a model and its optimizer on the strategy, in the order XLA FSDP needs."""
import torch


def prepare(fabric, model, optimizer=None, *, optimizer_cls=torch.optim.AdamW, **optimizer_kwargs):
    """Set up ``model``; build the optimizer from the set-up parameters unless the caller brings its own."""
    model = fabric.setup_module(model)
    if optimizer is None:
        optimizer = optimizer_cls(model.parameters(), **optimizer_kwargs)
    return model, fabric.setup_optimizers(optimizer)
