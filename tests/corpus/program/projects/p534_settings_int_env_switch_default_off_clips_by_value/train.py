# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: training/step.py
"""python train.py: the pod's run (USE_XLA=1 there; the GPU cluster exports USE_XLA=0)."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from training.step import step


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        step(fabric, model, optimizer, x, torch.randint(0, 4, (8,), device=fabric.device))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
