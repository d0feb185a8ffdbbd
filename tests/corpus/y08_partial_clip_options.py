# expect: LXF015
# findings: LXF015 error 32
"""functools.partial binds kind="value" to the helper: the call passes only the value."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
import functools
from dataclasses import dataclass


def clip_options(kind, value):
    options = {}
    if kind == "norm":
        options["max_norm"] = value
    return options


@dataclass
class StrategyConfig:
    policy: object = None
    wrap: object = None


by_kind = functools.partial(clip_options, "value")
Config = functools.partial(StrategyConfig, wrap={torch.nn.Linear})


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 4, device=fabric.device)).sum())
    fabric.clip_gradients(model, optimizer, **by_kind(1.0))
    optimizer.step()


cfg = Config(policy={torch.nn.Linear})
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=cfg.wrap, activation_checkpointing_policy=cfg.policy))
fabric.launch(train)
