"""A small trainer with pluggable gradient accumulation."""
import torch

from . import accumulation  # noqa: F401  (registers the built-in modes)
from .registry import accumulation_context


class Trainer:
    def __init__(self, fabric, net, lr, accumulation="sync_every_step"):
        self.fabric = fabric
        self.net = net
        self.model = fabric.setup_module(net)
        self.optimizer = fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=lr))
        self.accumulation = accumulation

    def step(self, micro_batches, loss_fn):
        for i, batch in enumerate(micro_batches):
            is_last = i == len(micro_batches) - 1
            with accumulation_context(self.accumulation, self, is_last):
                loss = loss_fn(self.model, batch) / len(micro_batches)
                self.fabric.backward(loss)
        self.optimizer.step()
        self.optimizer.zero_grad()
        return loss.item() * len(micro_batches)
