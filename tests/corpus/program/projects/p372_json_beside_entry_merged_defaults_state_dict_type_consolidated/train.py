# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: consolidated
# flagged-in: train.py
"""python train.py: one step, a checkpoint, and a resume from it; config.json overrides DEFAULTS."""
import json
import os
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net

DEFAULTS = {
    "run_name": "debug",
    "lr": 3e-4,
    "state_dict_type": "sharded",
    "checkpoint_dir": "out",
}


def load_config():
    path = Path(__file__).parent / "config.json"
    with path.open() as f:
        return {**DEFAULTS, **json.load(f)}


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()
    ckpt = os.path.join(cfg["checkpoint_dir"], cfg["run_name"])
    fabric.save(ckpt, {"model": model, "optimizer": optimizer})
    fabric.load(ckpt, {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    cfg = load_config()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=cfg["state_dict_type"])
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)
