"""The training loop: a Trainer that keeps the run's checkpoint writer and saves after each epoch."""
import functools
import os

import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, fabric, model, optimizer, out_dir, epochs=1):
        self.fabric = fabric
        self.model = model
        self.optimizer = optimizer
        self.epochs = epochs
        self.save_checkpoint = functools.partial(fabric.save, os.path.join(out_dir, "last.ckpt"))

    def fit(self):
        for epoch in range(self.epochs):
            x = torch.randn(4, 32, device=self.fabric.device)
            y = torch.randint(0, 4, (4,), device=self.fabric.device)
            loss = F.cross_entropy(self.model(x), y)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            # the bare network, so the checkpoint loads without Fabric
            self.save_checkpoint({"model": self.model.module, "optimizer": self.optimizer, "epoch": epoch})
