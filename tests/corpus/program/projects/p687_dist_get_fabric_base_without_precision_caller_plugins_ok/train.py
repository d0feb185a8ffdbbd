# expect: none
# oracle: OK
# twin: p686_dist_get_fabric_merges_base_precision_with_caller_plugins
"""python train.py: bf16 weights through the XLA precision plugin."""
import torch
import torch.nn.functional as F
from lightning.fabric.plugins import XLAPrecision

import dist
from model import Block, Net


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = dist.get_fabric(strategy_kwargs={"auto_wrap_policy": {Block}}, plugins=[XLAPrecision("bf16-true")])
    fabric.launch(train)
