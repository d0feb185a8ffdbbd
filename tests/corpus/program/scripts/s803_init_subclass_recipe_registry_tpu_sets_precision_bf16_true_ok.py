# expect: none
# oracle: OK
# twin: s802_init_subclass_recipe_registry_tpu_keeps_base_precision_bf16_mixed
"""python train.py [--recipe tpu]: hardware recipes register themselves through `__init_subclass__` keywords;
the TPU recipe gives its own `precision=`."""
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


class Recipe:
    """Base recipe: what a single A100 node runs."""

    accelerator = "cuda"
    precision = "bf16-mixed"
    registry: dict = {}

    def __init_subclass__(cls, name, accelerator=None, precision=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if accelerator is not None:
            cls.accelerator = accelerator
        if precision is not None:
            cls.precision = precision
        Recipe.registry[name] = cls

    def strategy(self):
        return "fsdp"

    def fabric(self):
        return Fabric(accelerator=self.accelerator, precision=self.precision, strategy=self.strategy())


class GPURecipe(Recipe, name="gpu"):
    pass


class TPURecipe(Recipe, name="tpu", accelerator="tpu", precision="bf16-true"):
    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block})


def train(fabric, steps):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--recipe", default="tpu", choices=["gpu", "tpu"])
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    fabric = Recipe.registry[args.recipe]().fabric()
    fabric.launch(train, args.steps)
