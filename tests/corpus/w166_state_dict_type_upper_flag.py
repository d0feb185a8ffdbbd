# expect: LXF020
# real: RAISED ValueError: Unknown state_dict_type: SHARDED
# findings: LXF020 error 50
"""The checkpoint format comes from a --ckpt-format flag whose default is written in capitals."""
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


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)
    state = {"model": model, "optimizer": optimizer}
    fabric.save("ckpt", state)
    fabric.load("ckpt", state)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--ckpt-format", default="SHARDED")
    args = parser.parse_args([])
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=args.ckpt_format)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
