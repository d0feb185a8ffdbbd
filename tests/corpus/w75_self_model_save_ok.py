# expect: none
# real: OK
# findings: none
"""The raw model sits on self.model until fit() replaces it with the set-up one, then it is saved."""
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
    def __init__(self, fabric, model):
        self.fabric = fabric
        self.model = model

    def fit(self, steps=2):
        self.model = self.fabric.setup_module(self.model)
        optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=1e-3))
        for _ in range(steps):
            x = torch.randn(2, 4, device=self.fabric.device)
            loss = F.mse_loss(self.model(x), x)
            self.fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        self.fabric.save("final", {"model": self.model, "optimizer": optimizer})
        with self.fabric.no_backward_sync(self.model, enabled=False):
            pass


def main(fabric):
    Trainer(fabric, nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
