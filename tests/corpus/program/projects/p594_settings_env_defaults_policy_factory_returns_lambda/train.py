# expect: LXF006
# oracle: RAISED AttributeError: Can't pickle local object 'make_wrap_policy.<locals>.<lambda>'
# flagged-in: policies.py
"""WRAP_MODE=size python train.py: wrap every submodule above WRAP_MIN_PARAMS parameters."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings
from model import Net
from policies import make_wrap_policy


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(settings.STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    policy = make_wrap_policy(settings.WRAP_MODE, settings.WRAP_MIN_PARAMS)
    fabric = Fabric(accelerator="tpu", precision=settings.PRECISION, strategy=XLAFSDPStrategy(auto_wrap_policy=policy))
    fabric.launch(train)
