# record: b6740e11bdd175c0
# role: before
"""Example fix, before: a generic half-precision plugin."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy
from lightning.fabric.plugins import FSDPPrecision, HalfPrecision


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


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    loss = model(torch.randn(4, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()


strategy = FSDPStrategy(precision=HalfPrecision("bf16-true"))

# The strategy is built on any host; Fabric runs FSDP only on CUDA GPUs.
if torch.cuda.is_available():
    fabric = Fabric(accelerator="cuda", devices=1, strategy=strategy)
    fabric.launch(train)
