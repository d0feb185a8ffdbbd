# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: settings.py
"""python train.py: train the block net under XLA FSDP with clipped gradients."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loop import step
from model import Block, Net
from settings import get_settings


def train(fabric):
    cfg = get_settings()
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        step(fabric, model, optimizer, x, torch.randint(0, 4, (8,), device=fabric.device))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
