# expect: none
# oracle: OK
# twin: s702_xla_precision_plugin_added_flag_kept
"""python train.py: the precision given once, as an XLAPrecision plugin; the flag is left None."""
from dataclasses import dataclass
from typing import Optional

import torch
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass
class TrainConfig:
    plugin_precision: str = "bf16-true"
    precision: Optional[str] = None
    lr: float = 3e-4
    steps: int = 2


def build_fabric(cfg: TrainConfig) -> Fabric:
    plugins = [XLAPrecision(cfg.plugin_precision)]
    strategy = XLAFSDPStrategy(auto_wrap_policy={nn.Linear})
    return Fabric(accelerator="tpu", strategy=strategy, precision=cfg.precision, plugins=plugins)


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(16, 16), nn.GELU(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        loss = model(torch.randn(4, 16, device=fabric.device)).float().pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = TrainConfig()
    fabric = build_fabric(cfg)
    fabric.launch(train, cfg)
