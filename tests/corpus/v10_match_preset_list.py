# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.ResidualMLP'>]. You can try defining and passin
# findings: LXF001 error 63
"""Model presets for the TPU sweep, selected with `match` on the preset name."""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class ResidualMLP(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc1 = nn.Linear(width, width * 2)
        self.fc2 = nn.Linear(width * 2, width)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(x)))


class Tower(nn.Module):
    def __init__(self, width, depth):
        super().__init__()
        self.inp = nn.Linear(20, width)
        self.blocks = nn.Sequential(*[ResidualMLP(width) for _ in range(depth)])
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x))).squeeze(-1)


def preset(name):
    match name:
        case "small":
            width, depth, remat = 32, 2, [ResidualMLP]
        case "base":
            width, depth, remat = 64, 4, {ResidualMLP}
        case _:
            width, depth, remat = 16, 1, None
    return width, depth, remat


def fit(fabric, width, depth):
    model = fabric.setup_module(Tower(width, depth))
    optimizer = fabric.setup_optimizers(torch.optim.RMSprop(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(8, 20, device=fabric.device)
        y = x.sum(-1)
        loss = F.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print("regression loss", loss.item())


if __name__ == "__main__":
    width, depth, remat = preset(os.environ.get("PRESET", "small"))
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={ResidualMLP},
        activation_checkpointing_policy=remat,
        flatten_parameters=True,
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(fit, width, depth)
