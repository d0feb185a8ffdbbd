# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: sharded_state_dict
# flagged-in: configs/fsdp.py
"""python train.py: train, save a checkpoint, reload it."""
import os
import tempfile
from dataclasses import asdict

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import ExperimentConfig
from model import Net


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    path = os.path.join(tempfile.mkdtemp(), "last")
    state = {"model": model, "optimizer": optimizer, "step": cfg.steps}
    fabric.save(path, state)
    if cfg.resume:
        fabric.load(path, state)


if __name__ == "__main__":
    cfg = ExperimentConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**asdict(cfg.fsdp)))
    fabric.launch(train, cfg)
