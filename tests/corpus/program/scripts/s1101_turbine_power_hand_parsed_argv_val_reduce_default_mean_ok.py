# expect: none
# oracle: OK
# twin: s1100_turbine_power_hand_parsed_argv_val_reduce_default_max
"""Wind-turbine power-curve regression; `--key value` / `--key=value` options are parsed by hand over DEFAULTS."""
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

DEFAULTS = {
    "steps": "3",
    "lr": "2e-3",
    "batch-size": "32",
    # how the per-core validation losses are combined for the early-stopping monitor
    "val-reduce": "mean",
}


def parse_argv(argv):
    opts = dict(DEFAULTS)
    tokens = iter(argv)
    for token in tokens:
        if not token.startswith("--"):
            raise SystemExit(f"unexpected argument: {token}")
        key, eq, value = token[2:].partition("=")
        if key not in DEFAULTS:
            raise SystemExit(f"unknown option --{key}; known: {', '.join(DEFAULTS)}")
        opts[key] = value if eq else next(tokens)
    return opts


class PowerBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.act = nn.SiLU()

    def forward(self, x):
        return x + self.act(self.fc(x))


class PowerCurve(nn.Module):
    """wind speed, direction (sin, cos), air density -> normalized power output."""

    def __init__(self, dim=32):
        super().__init__()
        self.inp = nn.Linear(4, dim)
        self.blocks = nn.Sequential(PowerBlock(dim), PowerBlock(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x))).squeeze(-1)


def scada_batch(n, seed):
    gen = torch.Generator().manual_seed(seed)
    speed = 25 * torch.rand(n, generator=gen)
    angle = 2 * torch.pi * torch.rand(n, generator=gen)
    density = 1.1 + 0.2 * torch.rand(n, generator=gen)
    power = torch.clamp((speed - 3) / 9, 0, 1) ** 3 * (speed < 25)
    x = torch.stack([speed / 25, angle.sin(), angle.cos(), density], dim=1)
    return x, power * density / 1.2


def validation_loss(fabric, model, how):
    model.eval()
    with torch.no_grad():
        x, y = scada_batch(64, seed=999)
        loss = F.mse_loss(model(x.to(fabric.device)), y.to(fabric.device))
    model.train()
    return fabric.all_reduce(loss, reduce_op=how)


def train(fabric, opts):
    model = fabric.setup_module(PowerCurve())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=float(opts["lr"])))
    for step in range(int(opts["steps"])):
        x, y = scada_batch(int(opts["batch-size"]), seed=step)
        loss = F.mse_loss(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    monitor = validation_loss(fabric, model, opts["val-reduce"])
    fabric.print(f"val mse ({opts['val-reduce']} over cores): {monitor.item():.5f}")


if __name__ == "__main__":
    opts = parse_argv(sys.argv[1:])
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={PowerBlock}))
    fabric.launch(train, opts)
