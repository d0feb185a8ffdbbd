# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
"""County crop-yield regression from weather and soil features; the run's TOML is parsed once by a cached get_config()."""
import functools
import tomllib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

RUN_TOML = """
[fabric]
accelerator = "tpu"
precision = "bf16-true"

[optim]
lr = 0.003
weight_decay = 0.01
steps = 3

[setup]
# one fabric.setup(model, optimizer) call, as the XLAStrategy (DDP) recipe does
joint = true
"""


@functools.lru_cache(maxsize=None)
def get_config():
    return tomllib.loads(RUN_TOML)


class YieldBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.gelu(self.fc(self.norm(x)))


class YieldModel(nn.Module):
    """12 weekly rainfall totals, 12 weekly mean temperatures, 4 soil measures -> yield in t/ha."""

    def __init__(self, dim=32):
        super().__init__()
        self.inp = nn.Linear(28, dim)
        self.blocks = nn.Sequential(YieldBlock(dim), YieldBlock(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x))).squeeze(-1)


def counties(n, seed=0):
    gen = torch.Generator().manual_seed(seed)
    rain = torch.rand(n, 12, generator=gen) * 60
    temp = 15 + 10 * torch.rand(n, 12, generator=gen)
    soil = torch.rand(n, 4, generator=gen)
    yield_t = 2 + 0.02 * rain.sum(1) / 12 - 0.05 * (temp.mean(1) - 20).abs() + soil[:, 0]
    return torch.cat([rain / 60, temp / 25, soil], dim=1), yield_t


def make_optimizer(params):
    optim = get_config()["optim"]
    return torch.optim.AdamW(params, lr=optim["lr"], weight_decay=optim["weight_decay"])


def prepare(fabric, model):
    if get_config()["setup"]["joint"]:
        return fabric.setup(model, make_optimizer(model.parameters()))
    model = fabric.setup_module(model)
    return model, fabric.setup_optimizers(make_optimizer(model.parameters()))


def train(fabric):
    model, optimizer = prepare(fabric, YieldModel())
    x, y = counties(48)
    x, y = x.to(fabric.device), y.to(fabric.device)
    for step in range(get_config()["optim"]["steps"]):
        loss = F.smooth_l1_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(**get_config()["fabric"], strategy=XLAFSDPStrategy(auto_wrap_policy={YieldBlock}))
    fabric.launch(train)
