# expect: none
# oracle: OK
# twin: p190_callbacks_grad_norm_monitor_reduces_by_max
"""python train.py: two steps of the block net with a gradient-norm monitor."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import GradNormMonitor, StepTimer
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        fabric.call("on_before_optimizer_step", fabric=fabric, model=model, step=step)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_batch_end", fabric=fabric, step=step)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy, callbacks=[GradNormMonitor(), StepTimer()])
    fabric.launch(train)
