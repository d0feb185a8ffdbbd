# expect: LXF044
# oracle: RAISED TypeError: Filter should be a dictionary, given <function trainable_only at 0x7f4002812c00>
"""Run config as nested dataclasses; the LoRA preset overrides the checkpoint section with dataclasses.replace."""
from dataclasses import dataclass, field, replace
from typing import Any, Optional

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def trainable_only(name, value):
    return "adapter" in name


@dataclass
class CheckpointConfig:
    out_dir: str = "checkpoints"
    every: int = 2
    filter: Optional[Any] = None


@dataclass
class OptimConfig:
    lr: float = 1e-3
    weight_decay: float = 0.0


@dataclass
class RunConfig:
    steps: int = 2
    optim: OptimConfig = field(default_factory=OptimConfig)
    ckpt: CheckpointConfig = field(default_factory=CheckpointConfig)


class AdapterNet(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.backbone = nn.Linear(dim, dim)
        self.adapter = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        h = torch.relu(self.backbone(x))
        return self.head(h + self.adapter(h))


def lora_preset(cfg):
    return replace(cfg, ckpt=replace(cfg.ckpt, out_dir="lora-checkpoints", filter=trainable_only))


def train(fabric, cfg):
    model = fabric.setup_module(AdapterNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr))
    for step in range(1, cfg.steps + 1):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()
        if step % cfg.ckpt.every == 0:
            fabric.save(f"{cfg.ckpt.out_dir}/step-{step}", {"model": model, "step": step}, filter=cfg.ckpt.filter)


if __name__ == "__main__":
    cfg = lora_preset(RunConfig())
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, cfg)
