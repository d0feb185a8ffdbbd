# expect: XLA001
# real: RAISED TypeError: The XLA strategy can only work with the `XLAPrecision` plugin, found bf16-true
# findings: XLA001 error 38
"""A quick single-core TPU run for debugging. The precision name from the config is handed to the
strategy; SingleDeviceXLAStrategy wants an `XLAPrecision` object there, and raises TypeError for a string."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import SingleDeviceXLAStrategy

class Block(nn.Module):
    """A residual MLP block, the unit the model stacks."""

    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.lin = nn.Linear(width, width)

    def forward(self, x):
        return x + torch.relu(self.lin(self.norm(x)))


class Net(nn.Module):
    def __init__(self, features=4, hidden=16, out=1, depth=2):
        super().__init__()
        self.proj = nn.Linear(features, hidden)
        self.blocks = nn.Sequential(*(Block(hidden) for _ in range(depth)))
        self.head = nn.Linear(hidden, out)

    def forward(self, x):
        return self.head(self.blocks(self.proj(x)))


CONFIG = {"precision": "bf16-true", "steps": 4, "lr": 1e-3}


def build_fabric(config):
    strategy = SingleDeviceXLAStrategy(device=0, precision=config["precision"])
    return Fabric(accelerator="tpu", devices=1, strategy=strategy)


def main():
    fabric = build_fabric(CONFIG)
    fabric.launch()
    model = Net(features=8, out=2)
    model, optimizer = fabric.setup(model, torch.optim.Adam(model.parameters(), lr=CONFIG["lr"]))
    for _ in range(CONFIG["steps"]):
        loss = model(torch.randn(4, 8, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    main()
