# expect: none
# oracle: OK
# twin: s1320_solar_irradiance_boolean_optional_clip_by_value_default_on
"""Solar irradiance regressor on TPU: the clipping mode is a --[no-]clip-by-value switch, read once into the step runner."""
import argparse
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Dense(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.act = nn.SiLU()

    def forward(self, x):
        return x + self.act(self.lin(x))


class IrradianceNet(nn.Module):
    """Hour of day, cloud cover, temperature, humidity, pressure, day of year -> W/m^2."""

    def __init__(self, features=6, dim=48):
        super().__init__()
        self.inp = nn.Linear(features, dim)
        self.body = nn.Sequential(Dense(dim), Dense(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.body(self.inp(x))).squeeze(-1)


def weather(n, seed):
    gen = torch.Generator().manual_seed(seed)
    x = torch.rand(n, 6, generator=gen)
    y = 900 * torch.sin(x[:, 0] * torch.pi) * (1 - 0.7 * x[:, 1]) / 1000
    return x, y


def build_parser():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--clip", type=float, default=1.0, help="threshold handed to the clipper")
    parser.add_argument(
        "--clip-by-value",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="clamp each gradient element instead of rescaling the whole gradient",
    )
    return parser


@dataclass
class RunArgs:
    lr: float
    steps: int
    clip: float
    clip_by_value: bool


class StepRunner:
    def __init__(self, fabric, model, optimizer, args):
        self.fabric, self.model, self.optimizer = fabric, model, optimizer
        self.clip_kwargs = {"clip_val": args.clip} if args.clip_by_value else {"max_norm": args.clip}

    def __call__(self, x, y):
        loss = F.mse_loss(self.model(x), y)
        self.fabric.backward(loss)
        self.fabric.clip_gradients(self.model, self.optimizer, **self.clip_kwargs)
        self.optimizer.step()
        self.optimizer.zero_grad()
        return loss.item()


def train(fabric, args):
    model = fabric.setup_module(IrradianceNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    step = StepRunner(fabric, model, optimizer, args)
    for i in range(args.steps):
        x, y = weather(64, seed=i)
        fabric.print(f"step {i}: mse {step(x.to(fabric.device), y.to(fabric.device)):.4f}")


def main(argv=None):
    args = RunArgs(**vars(build_parser().parse_args(argv)))
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Dense}))
    fabric.launch(train, args)


if __name__ == "__main__":
    main()
