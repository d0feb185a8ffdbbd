# record: fc8e29955b1155a3
# role: before
"""The record's example fix, before: `partial(apply_activation_checkpointing, check_fn=lambda ...)`."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from functools import partial
from torch.distributed.algorithms._checkpoint.checkpoint_wrapper import apply_activation_checkpointing


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


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(
        activation_checkpointing_policy={Block},
        auto_wrapper_callable=partial(apply_activation_checkpointing, check_fn=lambda m: isinstance(m, Block)),
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
