# expect: LXF029
# real: RAISED _pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, do those steps only if you 
# findings: LXF029 error 36
"""A port of Lightning's own XLAFSDP save/load test: the temporary directory is a `pathlib.Path`, and
`Path(fabric.broadcast(tmp_path))` shares it with every process. The strategy's `broadcast` pickles the
path and reads it back with `torch.load`, which refuses a `PosixPath` from torch 2.6.
"""
import tempfile
from pathlib import Path

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.fc(x))


def make_model():
    return nn.Sequential(Block(), Block(), nn.Linear(8, 1))


def roundtrip(fabric, tmp_path):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    loss = model(torch.randn(2, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()
    checkpoint_path = Path(fabric.broadcast(tmp_path)) / "checkpoint"
    fabric.save(str(checkpoint_path), {"model": model, "optimizer": optimizer})
    fabric.load(str(checkpoint_path), {"model": model, "optimizer": optimizer})


def main():
    tmp_path = Path(tempfile.mkdtemp())
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(roundtrip, tmp_path)


if __name__ == "__main__":
    main()
