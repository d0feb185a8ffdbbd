"""`MyCustomTrainer`, after Lightning's examples/fabric/build_your_own_trainer: a Fabric-backed `fit`."""
from functools import partial

import lightning as L
import torch


class MyCustomTrainer:
    def __init__(self, accelerator="auto", strategy="auto", devices="auto", precision="32-true", max_steps=2,
                 optimizer_factory=partial(torch.optim.Adam, lr=1e-3)):
        self.fabric = L.Fabric(accelerator=accelerator, strategy=strategy, devices=devices, precision=precision)
        self.max_steps = max_steps
        self.optimizer_factory = optimizer_factory
        self.global_step = 0

    def fit(self, model, train_data):
        self.fabric.launch(self._fit, model, train_data)

    def _fit(self, fabric, model, train_data):
        model = self.fabric.setup_module(model)
        optimizer = self.fabric.setup_optimizers(self.optimizer_factory(model.parameters()))
        self.train_loop(model, optimizer, train_data)

    def train_loop(self, model, optimizer, train_data):
        for batch in train_data:
            if self.global_step >= self.max_steps:
                break
            batch = self.fabric.to_device(batch)
            loss = model.training_step(batch)
            self.fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            self.global_step += 1
