# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
# findings: LXF001 error 59
"""Checkpointing presets in a registry keyed by the --remat flag; the default preset is a list."""
import argparse

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


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


REMAT_PRESETS = {
    "none": None,
    "blocks": [Block],
    "all": {Block, nn.Linear},
}


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        step(fabric, model, optimizer)


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", default="blocks", choices=sorted(REMAT_PRESETS))
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse_args([])
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=REMAT_PRESETS[args.remat])
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
