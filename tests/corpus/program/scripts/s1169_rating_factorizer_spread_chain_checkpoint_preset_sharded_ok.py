# expect: none
# oracle: OK
# twin: s1168_rating_factorizer_spread_chain_checkpoint_preset_single
"""Movie-rating matrix factorizer on TPU that checkpoints and resumes; the strategy keywords are a `{**base, **preset}` chain."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Tower(nn.Module):
    def __init__(self, count, dim):
        super().__init__()
        self.count = count
        self.table = nn.Linear(count, dim, bias=False)  # one-hot lookup
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())

    def forward(self, ids):
        return self.proj(self.table(F.one_hot(ids, self.count).float()))


class Factorizer(nn.Module):
    def __init__(self, users=200, movies=300, dim=32):
        super().__init__()
        self.users = Tower(users, dim)
        self.movies = Tower(movies, dim)
        self.bias = nn.Parameter(torch.full((1,), 3.5))

    def forward(self, user_ids, movie_ids):
        return (self.users(user_ids) * self.movies(movie_ids)).sum(-1) + self.bias


STRATEGY_BASE = {"auto_wrap_policy": {Tower}, "state_dict_type": "sharded", "sequential_save": False}

CHECKPOINT_PRESETS = {
    "default": {},
    # the slow shared disk: write the checkpoint one process at a time
    "slow_disk": {"state_dict_type": "sharded", "sequential_save": True},
}

RUN = {"steps": 3, "lr": 5e-3, "batch": 64, "checkpoint": "slow_disk"}


def strategy_kwargs(run):
    return {**STRATEGY_BASE, **CHECKPOINT_PRESETS[run["checkpoint"]]}


def ratings(batch, seed):
    gen = torch.Generator().manual_seed(seed)
    users = torch.randint(0, 200, (batch,), generator=gen)
    movies = torch.randint(0, 300, (batch,), generator=gen)
    stars = 1 + ((users * 7 + movies * 3) % 5).float()
    return users, movies, stars


def fit(fabric, model, optimizer, run, first_step):
    for step in range(first_step, first_step + run["steps"]):
        users, movies, stars = (t.to(fabric.device) for t in ratings(run["batch"], seed=step))
        loss = F.mse_loss(model(users, movies), stars)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.3f}")
    return first_step + run["steps"]


def train(fabric, run, out_dir):
    model = fabric.setup_module(Factorizer())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=run["lr"]))
    step = fit(fabric, model, optimizer, run, first_step=0)
    path = os.path.join(out_dir, f"step-{step}")
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": step})

    state = {"model": model, "optimizer": optimizer, "step": 0}
    fabric.load(path, state)
    fit(fabric, model, optimizer, run, first_step=state["step"])


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**strategy_kwargs(RUN)))
    fabric.launch(train, RUN, tempfile.mkdtemp(prefix="ratings_"))
