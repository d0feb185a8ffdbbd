# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: defaults.py
"""python train.py: Fabric's settings are the defaults updated by the YAML file RUN_CONFIG names (the pod's by default)."""
import os
from pathlib import Path

import torch
import torch.nn.functional as F
import yaml
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from defaults import FABRIC
from model import Block, Net

HERE = Path(__file__).resolve().parent


def fabric_settings():
    settings = dict(FABRIC)
    with open(HERE / os.environ.get("RUN_CONFIG", "configs/tpu.yaml")) as f:
        settings.update(yaml.safe_load(f))
    return settings


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **fabric_settings())
    fabric.launch(train)
