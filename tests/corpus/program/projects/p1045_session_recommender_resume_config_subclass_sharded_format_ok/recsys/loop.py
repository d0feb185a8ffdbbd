import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from recsys.model import NextItemModel, click_sessions


def fit(fabric, cfg):
    model = fabric.setup_module(NextItemModel(cfg.items, cfg.dim))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        sessions, target = fabric.to_device(click_sessions(32, cfg.items))
        loss = F.cross_entropy(model(sessions), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: next-item ce {loss.item():.3f}")
    if cfg.resume_check:
        path = os.path.join(tempfile.mkdtemp(prefix="recsys-"), f"step-{cfg.steps}")
        fabric.save(path, {"model": model, "optimizer": optimizer, "step": cfg.steps})
        remainder = fabric.load(path, {"model": model, "optimizer": optimizer})
        fabric.print(f"resumed at step {remainder['step']}")


def run(cfg):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**cfg.strategy_kwargs))
    fabric.launch(fit, cfg)
