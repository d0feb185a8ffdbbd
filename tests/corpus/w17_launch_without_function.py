# expect: LXF016
# real: RAISED TypeError: To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the
# findings: LXF038 error 23, LXF016 error 40
"""Written in the DDP style: launch first, then train in the same process. Fabric comes from a helper."""
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


def build_fabric(num_devices="auto"):
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, sync_module_states=True)
    return Fabric(accelerator="tpu", devices=num_devices, strategy=strategy)


def train(fabric, steps=2):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    fabric = build_fabric()
    fabric.launch()
    fabric.seed_everything(1234)
    train(fabric)


if __name__ == "__main__":
    main()
