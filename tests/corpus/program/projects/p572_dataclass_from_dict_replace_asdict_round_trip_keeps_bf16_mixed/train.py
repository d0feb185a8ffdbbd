# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: config.py
"""python train.py: the tpu-v4 preset, overridden, logged and read back."""
from dataclasses import asdict

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import TrainConfig
from model import Block, Net
from overrides import with_fabric, with_train
from presets import PRESETS


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(cfg.batch_size, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (cfg.batch_size,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = TrainConfig.from_dict(PRESETS["tpu-v4"])
    cfg = with_train(with_fabric(cfg, devices="auto"), steps=2)
    cfg = TrainConfig.from_dict(cfg.to_dict())  # what a resumed run reads back from its log folder
    fabric = Fabric(**asdict(cfg.fabric), strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
