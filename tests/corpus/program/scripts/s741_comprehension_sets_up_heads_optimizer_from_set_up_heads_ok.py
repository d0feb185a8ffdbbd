# expect: none
# oracle: OK
# twin: s740_comprehension_sets_up_heads_optimizer_from_raw_heads
"""python train.py: a multi-task model's heads set up in a list comprehension, the optimizer chained from the set-up heads."""
import itertools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

TASKS = {"topic": 8, "sentiment": 3}


def train(fabric):
    raw_heads = [nn.Sequential(nn.Linear(32, 32), nn.Tanh(), nn.Linear(32, n)) for n in TASKS.values()]
    heads = [fabric.setup_module(head) for head in raw_heads]
    optimizer = torch.optim.AdamW(itertools.chain(*(head.parameters() for head in heads)), lr=1e-3)
    optimizer = fabric.setup_optimizers(optimizer)
    x = torch.randn(8, 32, device=fabric.device)
    loss = sum(
        F.cross_entropy(head(x), torch.randint(0, n, (8,), device=fabric.device))
        for head, n in zip(heads, TASKS.values())
    )
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
