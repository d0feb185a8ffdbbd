# expect: none
# oracle: OK
# twin: p15_settings_instance_clip_by_value
"""python train.py"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings
from model import Block, Net


def train(fabric):
    run = settings.RUN
    model = fabric.setup_module(Net())
    optimizer = torch.optim.AdamW(model.parameters(), lr=run.optim.lr, betas=run.optim.betas)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(run.steps):
        x = torch.randn(run.batch_size, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (run.batch_size,), device=fabric.device))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, **run.optim.clip)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
