# expect: none
# oracle: OK
# twin: p188_contextmanager_accumulate_strategy_sync_control
"""python train.py: the block net with gradient accumulation over micro-batches."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings
from model import Block, Net
from utils import accumulate


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings.LR))
    for step in range(settings.MAX_STEPS * settings.GRAD_ACCUM_STEPS):
        x = torch.randn(settings.MICRO_BATCH, 32, device=fabric.device)
        y = torch.randint(0, 4, (settings.MICRO_BATCH,), device=fabric.device)
        with accumulate(fabric, model, step, settings.GRAD_ACCUM_STEPS) as is_accumulating:
            loss = F.cross_entropy(model(x), y) / settings.GRAD_ACCUM_STEPS
            fabric.backward(loss)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
