# expect: none
# real: OK
# findings: none
"""Run settings read from the environment with sensible defaults."""
import os

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


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


CKPT_FORMAT = os.environ.get("CKPT_FORMAT", "sharded")
PRECISION = os.getenv("PRECISION", "bf16-true")


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    loss = step(fabric, model, optimizer)
    fabric.save("ckpt", {"model": model, "optimizer": optimizer, "loss": loss.item()})


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=CKPT_FORMAT)
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision=PRECISION)
    fabric.launch(train)
