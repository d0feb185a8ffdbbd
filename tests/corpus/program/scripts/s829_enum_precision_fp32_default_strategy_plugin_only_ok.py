# expect: none
# oracle: OK
# twin: s828_enum_precision_plugin_built_for_strategy_and_fabric_plugins
"""python train.py: the precision is an Enum in a frozen run config; the strategy factory and the Fabric factory each turn it into a plugin; the default is full precision."""
import enum
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class PrecisionMode(enum.Enum):
    FP32 = "32-true"
    BF16 = "bf16-true"


@dataclass(frozen=True)
class RunConfig:
    precision: PrecisionMode = PrecisionMode.FP32
    state_dict_type: str = "sharded"
    lr: float = 1e-3


def build_strategy(cfg):
    return XLAFSDPStrategy(precision=XLAPrecision(cfg.precision.value), state_dict_type=cfg.state_dict_type)


def build_plugins(cfg):
    # downcasting needs the XLA precision plugin; full precision runs without one
    return [XLAPrecision(cfg.precision.value)] if cfg.precision is not PrecisionMode.FP32 else []


def get_fabric(cfg, **kwargs):
    return Fabric(accelerator="tpu", strategy=build_strategy(cfg), **kwargs)


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=cfg.lr))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = get_fabric(cfg, plugins=build_plugins(cfg))
    fabric.launch(train, cfg)
