# expect: none
# oracle: OK
# twin: s176_clip_table_get_default_factory_clips_by_value
"""python script.py: the clipping mode is looked up in a table of kwargs factories; an unknown name falls back."""
from dataclasses import dataclass

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


def clip_by_norm():
    return {"max_norm": 1.0}


def clip_by_value():
    return {"clip_val": 0.5}


CLIPPING = {"norm": clip_by_norm, "value": clip_by_value}


@dataclass
class OptimConfig:
    lr: float = 1e-3
    clip: str = "l2"


def optimizer_step(model, optimizer, *, fabric, cfg: OptimConfig):
    clip_kwargs = CLIPPING.get(cfg.clip, clip_by_norm)()
    fabric.clip_gradients(model, optimizer, **clip_kwargs)
    optimizer.step()
    optimizer.zero_grad()


def train(fabric, cfg: OptimConfig, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer_step(model, optimizer, fabric=fabric, cfg=cfg)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, OptimConfig())
