# expect: none
# real: OK
# findings: none
"""The Trainer receives a model that is already set up and builds its optimizer from it in __init__."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Trainer:
    def __init__(self, fabric, model, lr=1e-3):
        self.fabric = fabric
        self.model = model
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=lr)

    def fit(self, steps=2):
        self.optimizer = self.fabric.setup_optimizers(self.optimizer)
        for _ in range(steps):
            x = torch.randn(2, 4, device=self.fabric.device)
            loss = F.mse_loss(self.model(x), x)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()


def main(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    Trainer(fabric, model).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
