# expect: none
# oracle: OK
# twin: p91_callbacks_package_strategy_no_sync
"""python train.py: two micro-batches per optimizer step."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import GradientAccumulation, PrintProgress
from model import Block, Net

MICRO_BATCHES = 2


def train(fabric, steps=1):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        for index in range(MICRO_BATCHES):
            fabric.call("on_micro_batch_start", fabric=fabric, model=model, index=index)
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss / MICRO_BATCHES)
            fabric.call("on_micro_batch_end", fabric=fabric, model=model, index=index)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_step_end", fabric=fabric, step=step, loss=loss)


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        callbacks=[GradientAccumulation(MICRO_BATCHES), PrintProgress()],
    )
    fabric.launch(train)
