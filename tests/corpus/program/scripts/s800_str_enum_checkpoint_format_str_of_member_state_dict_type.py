# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: CheckpointFormat.SHARDED
"""python train.py [--resume]: pretrain a small MLP, save a checkpoint, then resume from it; the checkpoint
format is an enum member kept on the run config and turned into the strategy's `state_dict_type`."""
import argparse
import dataclasses
import enum
import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class CheckpointFormat(str, enum.Enum):
    SHARDED = "sharded"
    FULL = "full"


@dataclasses.dataclass
class RunConfig:
    steps: int = 2
    lr: float = 1e-3
    dim: int = 32
    ckpt_format: CheckpointFormat = CheckpointFormat.SHARDED
    out_dir: str = "checkpoints"


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def make_strategy(cfg: RunConfig) -> XLAFSDPStrategy:
    return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=str(cfg.ckpt_format))


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(Block(cfg.dim), Block(cfg.dim), nn.Linear(cfg.dim, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        loss = model(torch.randn(8, cfg.dim, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    path = os.path.join(cfg.out_dir, f"step-{cfg.steps}")
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": cfg.steps})
    state = {"model": model, "optimizer": optimizer, "step": 0}
    fabric.load(path, state)
    fabric.print(f"resumed at step {state['step']}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--ckpt-format", type=CheckpointFormat, default=CheckpointFormat.SHARDED)
    args = parser.parse_args()
    cfg = RunConfig(steps=args.steps, ckpt_format=args.ckpt_format)
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(cfg))
    fabric.launch(train, cfg)
