# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: train.py
"""python train.py"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from utils.metrics import reduce_metrics


@reduce_metrics(reduce_op="max")
def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return {"loss": loss.detach()}


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
