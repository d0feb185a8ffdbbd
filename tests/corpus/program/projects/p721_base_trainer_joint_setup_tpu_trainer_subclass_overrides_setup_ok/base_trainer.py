"""A small Fabric trainer; written for multi-GPU DDP and reused on TPU through a subclass."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric


class Trainer:
    def __init__(self, max_steps=2, lr=1e-3, accelerator="cuda", devices="auto", strategy="ddp"):
        self.max_steps = max_steps
        self.lr = lr
        self.fabric = Fabric(accelerator=accelerator, devices=devices, strategy=self.configure_strategy(strategy))

    def configure_strategy(self, strategy):
        return strategy

    def configure_optimizer(self, model):
        return torch.optim.AdamW(model.parameters(), lr=self.lr, weight_decay=0.01)

    def setup(self, model):
        optimizer = self.configure_optimizer(model)
        return self.fabric.setup(model, optimizer)

    def training_step(self, model, batch):
        x, y = batch
        return F.cross_entropy(model(x), y)

    def fit(self, model):
        self.fabric.launch(self._fit, model)

    def _fit(self, fabric, model):
        model, optimizer = self.setup(model)
        for step in range(self.max_steps):
            batch = (torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device))
            loss = self.training_step(model, batch)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: {loss.item():.4f}")
