# record: 9bd70f1cac665e7b
# role: validation
"""The record's validation code on its own lambda example."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
import pickle


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.lin(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        return self.head(self.blocks(x))


def one_step(fabric, model, optimizer):
    loss = model(torch.randn(4, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=lambda m, recurse, nonwrapped_numel: isinstance(m, Block))
    pickle.dumps(strategy._fsdp_kwargs)  # must not raise before fabric.launch
    print("validation passed")
