"""The loop every trainer shares; a subclass names its model and mixes in its hardware."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric


class BaseTrainer:
    model_cls = None
    precision = "32-true"

    def __init__(self, max_steps=2, lr=3e-4):
        self.max_steps = max_steps
        self.lr = lr
        self.fabric = Fabric(accelerator="tpu", strategy=self.configure_strategy(), precision=self.precision)

    def configure_strategy(self):
        return "auto"

    def fit(self):
        self.fabric.launch(run_loop, self.model_cls, self.max_steps, self.lr)


def run_loop(fabric, model_cls, max_steps, lr):
    model = fabric.setup_module(model_cls())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    for _ in range(max_steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
