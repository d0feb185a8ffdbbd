# record: 94d8d3b798efb40e
# role: after
"""The example fix: parameters kept unflattened (`flatten_parameters=False`), groups chosen by name."""
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
    named = list(model.named_parameters())
    decay = [p for name, p in named if not name.endswith("bias")]
    no_decay = [p for name, p in named if name.endswith("bias")]
    groups = [{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}]
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups, lr=1e-3))
    if not decay or not no_decay:
        raise AssertionError(f"the groups are {len(decay)} and {len(no_decay)}: {[n for n, _ in named]}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(flatten_parameters=False))
    fabric.launch(train)
