"""A small Trainer: subclasses fill in `training_step` and may override any hook."""
import contextlib

import torch


class Trainer:
    def __init__(self, fabric, grad_accum: int = 2, lr: float = 3e-4):
        self.fabric = fabric
        self.grad_accum = grad_accum
        self.lr = lr

    # hooks
    def configure_optimizer(self, model):
        return torch.optim.AdamW(model.parameters(), lr=self.lr)

    def sync_context(self, is_accumulating):
        return contextlib.nullcontext()

    def training_step(self, batch):
        raise NotImplementedError

    def on_train_end(self):
        pass

    # loop
    def setup(self, model):
        self.module = model  # the plain module: exported at the end of training
        self.model = self.fabric.setup_module(model)
        self.optimizer = self.fabric.setup_optimizers(self.configure_optimizer(self.model))

    def fit(self, model, batches):
        self.setup(model)
        for step, batch in enumerate(batches):
            is_accumulating = (step + 1) % self.grad_accum != 0
            with self.sync_context(is_accumulating):
                loss = self.training_step(batch)
                self.fabric.backward(loss / self.grad_accum)
            if not is_accumulating:
                self.optimizer.step()
                self.optimizer.zero_grad()
        self.on_train_end()
