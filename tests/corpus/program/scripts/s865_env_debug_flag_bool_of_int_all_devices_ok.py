# expect: none
# oracle: OK
# twin: s864_env_debug_flag_bool_of_string_zero_one_device
"""DEBUG=1 python train.py runs a one-chip smoke test; the default uses the whole TPU host."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

DEBUG = bool(int(os.environ.get("DEBUG", "0")))
STEPS = int(os.environ.get("STEPS", "2"))


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def hardware():
    if DEBUG:
        return {"accelerator": "tpu", "devices": 1}
    return {"accelerator": "tpu", "devices": "auto"}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **hardware())
    fabric.launch(train)
