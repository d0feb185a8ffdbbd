# expect: none
# oracle: OK
# twin: p362_factory_returns_raw_net_no_backward_sync
"""python train.py: gradient accumulation over 4 micro-batches; the replicas sync only on the last one."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from lm.factory import WRAP_LAYERS, build

ACCUMULATE = 4


def train(fabric):
    model, optimizer = build(fabric)
    for step in range(ACCUMULATE):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        accumulating = (step + 1) % ACCUMULATE != 0
        with fabric.no_backward_sync(model, enabled=accumulating):
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss / ACCUMULATE)
        if not accumulating:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=WRAP_LAYERS), precision="bf16-true")
    fabric.launch(train)
