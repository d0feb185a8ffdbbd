# expect: none
# oracle: OK
# twin: s824_timed_prepare_helper_trainer_passes_optimizer_joint_setup
"""python train.py: a small Trainer; `fit()` calls `_prepare()`, which sets up its objects through a `@timed` helper."""
import functools
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        out = fn(*args, **kwargs)
        print(f"{fn.__name__} took {time.perf_counter() - start:.2f}s")
        return out
    return wrapper


@timed
def prepare(fabric, *objects, **kwargs):
    return fabric.setup(*objects, **kwargs)


class Trainer:
    def __init__(self, lr=1e-3, steps=2):
        self.lr = lr
        self.steps = steps

    def _prepare(self, fabric):
        model = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 4))
        self.model = prepare(fabric, model)
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.lr))

    def _step(self, fabric):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(self.model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        self.optimizer.step()
        self.optimizer.zero_grad()
        return loss

    def fit(self, fabric):
        self._prepare(fabric)
        for _ in range(self.steps):
            self._step(fabric)


def run(fabric):
    Trainer().fit(fabric)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
