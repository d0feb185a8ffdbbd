# expect: none
# oracle: OK
# twin: p75_env_default_precision_16_mixed
"""Entry point: the knobs live in settings.py, read from the environment."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings.LR))
    for _ in range(settings.STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision=settings.PRECISION)
    fabric.launch(train)
