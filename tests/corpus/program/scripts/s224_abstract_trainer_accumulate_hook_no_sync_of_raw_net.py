# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
"""python train.py: an abstract trainer runs the loop; the subclass implements the gradient-accumulation hook."""
import abc
import contextlib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


class BaseTrainer(abc.ABC):
    def __init__(self, fabric, accumulate=2):
        self.fabric = fabric
        self.accumulate = accumulate

    @abc.abstractmethod
    def configure(self):
        """Return the set-up model and optimizer."""

    @abc.abstractmethod
    def accumulating(self, model, enabled):
        """A context that skips the gradient sync while `enabled`."""

    def fit(self, steps=4):
        model, optimizer = self.configure()
        for i in range(steps):
            x = torch.randn(8, 32, device=self.fabric.device)
            y = torch.randint(0, 4, (8,), device=self.fabric.device)
            is_accumulating = (i + 1) % self.accumulate != 0
            with self.accumulating(model, enabled=is_accumulating):
                loss = F.cross_entropy(model(x), y)
                self.fabric.backward(loss)
            if not is_accumulating:
                optimizer.step()
                optimizer.zero_grad()


class ClassifierTrainer(BaseTrainer):
    def configure(self):
        self.net = Net()
        model = self.fabric.setup_module(self.net)
        optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
        return model, optimizer

    @contextlib.contextmanager
    def accumulating(self, model, enabled):
        with self.fabric.no_backward_sync(self.net, enabled=enabled):
            yield


def train(fabric):
    ClassifierTrainer(fabric).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
