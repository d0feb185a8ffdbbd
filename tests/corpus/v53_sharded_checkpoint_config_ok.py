# expect: none
# real: OK
# findings: none
"""Saves a sharded checkpoint after training and resumes from it, paths and types from a config.
Paths are plain strings: Fabric broadcasts them between the XLA processes."""
from dataclasses import dataclass
import os

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.relu(self.fc(x))


@dataclass
class CheckpointConfig:
    directory: str = "checkpoints"
    state_dict_type: str = "sharded"
    every_n_steps: int = 2


def train(fabric, ckpt: CheckpointConfig):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    for step in range(1, 3):
        x = torch.randn(4, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] = step
        if step % ckpt.every_n_steps == 0:
            fabric.save(os.path.join(ckpt.directory, f"step-{step}"), state)
    remainder = fabric.load(os.path.join(ckpt.directory, "step-2"), state)
    fabric.print("resumed at step", state["step"], "extra keys:", sorted(remainder))


if __name__ == "__main__":
    ckpt = CheckpointConfig()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=ckpt.state_dict_type)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, ckpt)
