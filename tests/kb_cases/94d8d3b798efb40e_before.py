# record: 94d8d3b798efb40e
# role: before
"""nanoGPT-style weight-decay groups chosen by `p.dim() >= 2`, after `setup_module`: every parameter is flat."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


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


def train(fabric):
    model = fabric.setup_module(Net())
    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    groups = [{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}]
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups, lr=1e-3))
    if not decay:
        raise AssertionError(
            f"weight decay is off: no parameter of the set-up model has dim >= 2 ({len(no_decay)} flat ones)")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
