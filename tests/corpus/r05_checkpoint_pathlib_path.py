# expect: LXF029
# real: RAISED _pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, do those steps only if you 
# findings: LXF029 error 40
"""A port of litgpt's XLA pretraining save: the output directory is a `pathlib.Path`, and
`fabric.save(out_dir / ...)` hands it to XLAFSDPStrategy, which broadcasts the path: its `broadcast`
pickles it and reads it back with `torch.load`, whose `weights_only` default (torch >= 2.6) refuses a
`PosixPath`: `_pickle.UnpicklingError` at the first save.
"""
from pathlib import Path

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 16)

    def forward(self, x):
        return torch.relu(self.fc(x))


def fit(fabric, model, optimizer, state, steps=2):
    for _ in range(steps):
        loss = model(torch.randn(4, 16, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["iter_num"] += 1


def setup(fabric, out_dir: Path):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(16, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    state = {"model": model, "optimizer": optimizer, "iter_num": 0}
    fit(fabric, model, optimizer, state)
    fabric.save(out_dir / f"iter-{state['iter_num']:06d}-ckpt", state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(setup, Path("out/tpu"))
