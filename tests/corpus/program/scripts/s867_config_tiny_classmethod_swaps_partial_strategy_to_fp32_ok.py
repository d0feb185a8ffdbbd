# expect: none
# oracle: OK
# twin: s866_config_tiny_classmethod_adds_fp32_plugin_to_partial_bf16_strategy
"""Model/run presets as a config class; `Config.tiny()` is the CI smoke preset and runs in full precision."""
from functools import partial

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Config:
    def __init__(self, dim=256, depth=12, steps=1000, plugins=None,
                 strategy=partial(XLAFSDPStrategy, auto_wrap_policy={Block}, precision=XLAPrecision("bf16-true"))):
        self.dim = dim
        self.depth = depth
        self.steps = steps
        self.plugins = plugins or []
        self.strategy = strategy

    @classmethod
    def tiny(cls):
        # numerics are easier to compare in fp32 on the smoke test
        return cls(dim=32, depth=2, steps=2,
                   strategy=partial(XLAFSDPStrategy, auto_wrap_policy={Block}, precision=XLAPrecision("32-true")))


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(*[Block(cfg.dim) for _ in range(cfg.depth)], nn.Linear(cfg.dim, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(cfg.steps):
        x = torch.randn(8, cfg.dim, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = Config.tiny()
    fabric = Fabric(accelerator="tpu", strategy=cfg.strategy(), plugins=cfg.plugins)
    fabric.launch(train, cfg)
