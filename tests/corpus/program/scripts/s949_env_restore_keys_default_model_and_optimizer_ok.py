# expect: none
# oracle: OK
# twin: s948_env_restore_keys_default_empty_loads_empty_state
"""Regression run that checkpoints and resumes; which objects are restored is an environment variable defaulting to the model and optimizer."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CKPT_DIR = os.environ.get("CKPT_DIR", "checkpoints/regressor")
# comma-separated keys to bring back from the checkpoint, e.g. "model,optimizer"
RESTORE_KEYS = os.environ.get("RESTORE_KEYS", "model,optimizer")


class ResidualMLP(nn.Module):
    def __init__(self, features=20, width=64):
        super().__init__()
        self.inp = nn.Linear(features, width)
        self.hidden = nn.Sequential(nn.LayerNorm(width), nn.Linear(width, width), nn.ReLU())
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        h = self.inp(x)
        return self.out(h + self.hidden(h)).squeeze(-1)


def run_steps(fabric, model, optimizer, steps):
    for _ in range(steps):
        x = torch.randn(32, 20, device=fabric.device)
        y = x[:, :5].sum(dim=1)
        loss = F.smooth_l1_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def restore(fabric, objects, keys):
    wanted = {key: objects[key] for key in keys.split(",") if key}
    remainder = fabric.load(CKPT_DIR, wanted)
    fabric.print(f"restored {sorted(wanted)}; left in the checkpoint: {sorted(remainder)}")


def train(fabric):
    model = fabric.setup_module(ResidualMLP())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    loss = run_steps(fabric, model, optimizer, steps=2)
    objects = {"model": model, "optimizer": optimizer, "step": 2}
    fabric.save(CKPT_DIR, objects)
    fabric.print(f"saved at loss {loss:.4f}")

    # resume into the same objects, as a restarted job would
    restore(fabric, objects, RESTORE_KEYS)
    fabric.print(f"after resume: {run_steps(fabric, model, optimizer, steps=1):.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(train)
