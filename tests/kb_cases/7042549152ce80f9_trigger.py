# record: 7042549152ce80f9
# role: trigger
"""A method of the set-up module other than `forward`, called directly: `model.generate(x)`."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.lin(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        return self.head(self.blocks(x))

    @torch.no_grad()
    def generate(self, x, steps=2):
        for _ in range(steps):
            x = self.blocks(x)
        return self.head(x)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


def train(fabric):
    model = fabric.setup_module(Net())
    model.generate(torch.randn(4, 8, device=fabric.device))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
