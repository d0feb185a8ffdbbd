# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: SHARDED
"""Molecular solubility regressor: the checkpoint layout comes from $CKPT_FORMAT as an enum, and the eval pass reloads the last save."""
import enum
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_BITS = 128  # Morgan-style fingerprint length


class CkptFormat(enum.Enum):
    SHARDED = "sharded"  # one file per TPU core, fast to write
    FULL = "full"  # one consolidated file, for export


def checkpoint_format() -> str:
    member = CkptFormat[os.environ.get("CKPT_FORMAT", "SHARDED").upper()]
    return member.name


class Highway(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.h = nn.Linear(dim, dim)
        self.t = nn.Linear(dim, dim)

    def forward(self, x):
        gate = torch.sigmoid(self.t(x))
        return gate * torch.relu(self.h(x)) + (1 - gate) * x


class SolubilityNet(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        self.inp = nn.Linear(N_BITS, dim)
        self.layers = nn.Sequential(Highway(dim), Highway(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, fp):
        return self.out(self.layers(self.inp(fp))).squeeze(-1)


def molecules(n, seed):
    gen = torch.Generator().manual_seed(seed)
    fp = (torch.rand(n, N_BITS, generator=gen) < 0.1).float()
    logs = -0.05 * fp[:, :40].sum(1) + 0.08 * fp[:, 40:70].sum(1)
    return fp, logs


def fit(fabric, ckpt_dir):
    model = fabric.setup_module(SolubilityNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(3):
        fp, logs = molecules(32, seed=step)
        loss = F.mse_loss(model(fp.to(fabric.device)), logs.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.save(os.path.join(ckpt_dir, "last"), {"model": model, "optimizer": optimizer, "step": 3})

    state = {"model": model, "optimizer": optimizer, "step": 0}
    fabric.load(os.path.join(ckpt_dir, "last"), state)
    fp, logs = molecules(64, seed=123)
    with torch.no_grad():
        rmse = F.mse_loss(model(fp.to(fabric.device)), logs.to(fabric.device)).sqrt()
    fabric.print(f"reloaded step {state['step']}: held-out rmse {rmse.item():.3f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Highway}, state_dict_type=checkpoint_format())
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(fit, tempfile.mkdtemp(prefix="solubility-"))
