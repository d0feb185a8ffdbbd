# expect: none
# oracle: OK
# twin: s830_namedtuple_restore_keys_empty_default_filters_resume_state_to_nothing
"""python train.py: saves every `save_every` steps, then restores the entries named by `cfg.restore` (empty means all of them)."""
from typing import NamedTuple

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class RunConfig(NamedTuple):
    steps: int = 2
    save_every: int = 2
    ckpt_dir: str = "checkpoints"
    restore: tuple = ()  # () restores everything


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def restore(fabric, path, state, keys):
    wanted = {name: obj for name, obj in state.items() if name in keys}
    remainder = fabric.load(path, wanted)
    fabric.print(f"restored {sorted(wanted)} from {path}; left over: {sorted(remainder)}")


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    path = None
    for step in range(1, cfg.steps + 1):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()
        state["step"] = step
        if step % cfg.save_every == 0:
            path = f"{cfg.ckpt_dir}/step-{step:04d}"
            fabric.save(path, state)
    restore(fabric, path, state, cfg.restore or tuple(state))


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train, RunConfig())
