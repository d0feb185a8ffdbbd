# expect: none
# oracle: OK
# twin: s578_registered_hook_fired_by_fit_clips_by_value
"""python train.py: a hook registered with `@trainer.on("before_optimizer_step")` into a `defaultdict(list)` and fired by `Trainer.fit` clips by norm."""
from collections import defaultdict

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


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


class Trainer:
    def __init__(self, fabric):
        self.fabric = fabric
        self.hooks = defaultdict(list)

    def on(self, event):
        def register(fn):
            self.hooks[event].append(fn)
            return fn

        return register

    def fire(self, event, *args):
        for fn in self.hooks[event]:
            fn(self, *args)

    def fit(self, model, optimizer, steps=2):
        for _ in range(steps):
            x, y = batch(self.fabric)
            self.fabric.backward(F.cross_entropy(model(x), y))
            self.fire("before_optimizer_step", model, optimizer)
            optimizer.step()
            optimizer.zero_grad()


def train(fabric):
    trainer = Trainer(fabric)

    @trainer.on("before_optimizer_step")
    def clip(trainer, model, optimizer):
        trainer.fabric.clip_gradients(model, optimizer, max_norm=1.0)

    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    trainer.fit(model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
