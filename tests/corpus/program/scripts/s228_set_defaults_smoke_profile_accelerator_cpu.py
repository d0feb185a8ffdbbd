# expect: LXF010
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
"""python train.py: the parser's defaults come from a smoke-test profile; `main` takes the options as keywords."""
import argparse

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


SMOKE_TEST = {"steps": 2, "batch_size": 8, "accelerator": "cpu"}


def train(fabric, steps, batch_size):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(batch_size, 32, device=fabric.device)
        y = torch.randint(0, 4, (batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main(*, steps=1000, batch_size=64, accelerator="tpu", precision="bf16-true"):
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
    fabric = Fabric(accelerator=accelerator, strategy=strategy, precision=precision)
    fabric.launch(train, steps, batch_size)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int)
    parser.add_argument("--batch-size", type=int)
    parser.add_argument("--accelerator", choices=["cpu", "tpu", "auto"])
    parser.add_argument("--precision", default="bf16-true")
    parser.set_defaults(**SMOKE_TEST)
    main(**vars(parser.parse_args()))
