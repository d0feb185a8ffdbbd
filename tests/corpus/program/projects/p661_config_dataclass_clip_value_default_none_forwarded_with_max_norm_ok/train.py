# expect: none
# oracle: OK
# twin: p660_config_dataclass_clip_value_default_zero_forwarded_with_max_norm
"""python train.py [optim.lr=1e-4 ...]: pretrain on a TPU slice with XLA FSDP."""
import sys

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import load_config
from loop import train_step
from model import Block, build_model


def main(fabric, cfg):
    model = fabric.setup_module(build_model(cfg.dim))
    optimizer = fabric.setup_optimizers(
        torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr, weight_decay=cfg.optim.weight_decay)
    )
    for step in range(cfg.steps):
        batch = (torch.randn(8, cfg.dim, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device))
        loss = train_step(fabric, model, optimizer, batch, cfg.optim)
        fabric.print(f"step {step} loss {loss.item():.3f}")


if __name__ == "__main__":
    cfg = load_config(sys.argv[1:])
    fabric = Fabric(accelerator="tpu", precision=cfg.precision, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, cfg)
