# expect: LXF009
# oracle: RAISED TypeError: The XLA strategy can only work with the `XLACheckpointIO` plugin, found <lightning.fabric.plugins.io.torch_io.TorchCheck
"""Checkpoint backend picked by name from a run config; a functools.cache'd factory builds the IO plugin."""
from functools import cache
from types import SimpleNamespace

import torch
from lightning.fabric import Fabric
from lightning.fabric.plugins import TorchCheckpointIO, XLACheckpointIO
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@cache
def checkpoint_io_for(backend):
    return XLACheckpointIO() if backend == "xla" else TorchCheckpointIO()


def build_strategy(cfg):
    backend = cfg.checkpoint_backend.lower().replace("torch_xla", "xla")
    return XLAFSDPStrategy(checkpoint_io=checkpoint_io_for(backend), state_dict_type="sharded")


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=cfg.lr))
    x = torch.randn(8, 16, device=fabric.device)
    loss = model(x).pow(2).mean()
    fabric.backward(loss)
    optimizer.step()


RUN = {"checkpoint_backend": "XLA ", "lr": 0.01}

if __name__ == "__main__":
    cfg = SimpleNamespace(**RUN)
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(cfg))
    fabric.launch(train, cfg)
