# expect: LXF013
# real: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
# findings: LXF013 error 42
"""Trainer object that builds its optimizer in __init__ and shards the model later, in fit()."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + F.silu(self.fc(self.norm(x)))


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(10, 32), Block(), Block())
        self.out = nn.Linear(32, 1)

    def forward(self, x):
        return self.out(self.body(x))


class Trainer:
    def __init__(self, fabric, model, lr=1e-3, max_steps=2):
        self.fabric = fabric
        self.model = model
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=lr, weight_decay=0.01)
        self.max_steps = max_steps

    def fit(self):
        self.model = self.fabric.setup_module(self.model)
        self.optimizer = self.fabric.setup_optimizers(self.optimizer)
        for step in range(self.max_steps):
            loss = self.training_step(step)
            self.fabric.print(f"{step}: {loss:.4f}")

    def training_step(self, step):
        x = torch.randn(8, 10, device=self.fabric.device)
        loss = F.mse_loss(self.model(x), x[:, :1])
        self.fabric.backward(loss)
        self.optimizer.step()
        self.optimizer.zero_grad()
        return loss.item()


def main(fabric):
    Trainer(fabric, Regressor()).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
