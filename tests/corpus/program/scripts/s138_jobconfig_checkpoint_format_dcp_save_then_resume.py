# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: dcp
"""python train.py [--checkpoint.folder=ckpt ...]: a torchtitan-like JobConfig; the run saves a checkpoint and resumes it."""
import os
import sys
from dataclasses import dataclass, field, fields
from typing import Literal

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass
class Training:
    steps: int = 2
    batch_size: int = 8
    lr: float = 8e-4
    max_norm: float = 1.0


@dataclass
class Checkpoint:
    enable_checkpoint: bool = True
    folder: str = "checkpoint"
    interval: int = 2
    format: Literal["full", "sharded", "dcp"] = "dcp"


@dataclass
class JobConfig:
    training: Training = field(default_factory=Training)
    checkpoint: Checkpoint = field(default_factory=Checkpoint)


class ConfigManager:
    def parse_args(self, args: list[str]) -> JobConfig:
        config = JobConfig()
        for arg in args:
            dotted, _, raw = arg.removeprefix("--").partition("=")
            section_name, _, key = dotted.partition(".")
            section = getattr(config, section_name)
            current = {f.name: f.type for f in fields(section)}[key]
            setattr(section, key, raw if current is str or not isinstance(current, type) else current(raw))
        return config


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Transformer(nn.Module):
    def __init__(self, dim=32, n_layers=2):
        super().__init__()
        self.layers = nn.ModuleList([Block(dim) for _ in range(n_layers)])
        self.output = nn.Linear(dim, 4)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.output(x)


class CheckpointManager:
    def __init__(self, fabric, job_config: JobConfig):
        self.fabric = fabric
        self.cfg = job_config.checkpoint

    def path(self, step):
        return os.path.join(self.cfg.folder, f"step-{step}")

    def save(self, step, state):
        if not self.cfg.enable_checkpoint or step % self.cfg.interval:
            return
        try:
            self.fabric.save(self.path(step), state)
        finally:
            self.fabric.barrier()

    def load(self, step, state):
        self.fabric.load(self.path(step), state)


def train(fabric, job_config: JobConfig):
    model = fabric.setup_module(Transformer())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=job_config.training.lr))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    checkpoints = CheckpointManager(fabric, job_config)
    for step in range(1, job_config.training.steps + 1):
        x = torch.randn(job_config.training.batch_size, 32, device=fabric.device)
        y = torch.randint(0, 4, (job_config.training.batch_size,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        fabric.clip_gradients(model, optimizer, max_norm=job_config.training.max_norm)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] = step
        checkpoints.save(step, state)
    checkpoints.load(job_config.training.steps, state)
    fabric.print(f"resumed at step {state['step']}")


if __name__ == "__main__":
    job_config = ConfigManager().parse_args(sys.argv[1:])
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=job_config.checkpoint.format)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, job_config)
