# expect: none
# findings: none
"""The call's kind="norm" replaces the partial's bound kind="value"."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
import functools
from dataclasses import dataclass


class Block(torch.nn.Module):
    """A residual MLP block; the model stacks a few of them."""

    def __init__(self, dim=4):
        super().__init__()
        self.norm = torch.nn.LayerNorm(dim)
        self.fc = torch.nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def batches(fabric, steps=2, size=2):
    for _ in range(steps):
        yield torch.randn(size, 4, device=fabric.device)


def clip_options(kind, value):
    options = {}
    if kind == "norm":
        options["max_norm"] = value
    return options


@dataclass
class StrategyConfig:
    policy: object = None
    wrap: object = None


by_kind = functools.partial(clip_options, kind="value")
Config = functools.partial(StrategyConfig, wrap={torch.nn.Linear})


def train(fabric):
    model = fabric.setup_module(torch.nn.Sequential(Block(), Block()))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 4, device=fabric.device)).sum())
    fabric.clip_gradients(model, optimizer, **by_kind(value=1.0, kind="norm"))
    optimizer.step()


cfg = Config(policy={torch.nn.Linear})
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=cfg.wrap, activation_checkpointing_policy=cfg.policy))
fabric.launch(train)
