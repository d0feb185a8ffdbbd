# expect: none
# oracle: OK
# twin: s212_asdict_nested_sharding_config_wrapper_none_and_remat
"""python train.py: a nested dataclass config; the sharding section is expanded into the strategy with asdict."""
from dataclasses import asdict, dataclass, field
from typing import Any, Optional

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))



@dataclass
class ShardingConfig:
    auto_wrap_policy: set = field(default_factory=lambda: {Block})
    activation_checkpointing_policy: set = field(default_factory=lambda: {Block})
    auto_wrapper_callable: Optional[Any] = None


@dataclass
class RunConfig:
    sharding: ShardingConfig = field(default_factory=ShardingConfig)
    lr: float = 1e-3
    steps: int = 2


def strategy_kwargs(cfg: RunConfig) -> dict:
    return {k: v for k, v in asdict(cfg.sharding).items() if v is not None}


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**strategy_kwargs(cfg)))
    fabric.launch(train, cfg)
