# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
# flagged-in: data.py
"""python train.py: a few steps of the residual MLP on random data, sharded with XLA FSDP."""
import torch
import torch.nn.functional as F

from data import random_batch
from launcher import FABRIC
from model import Net


def main(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(2):
        x, y = random_batch()
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    FABRIC.launch(main)
