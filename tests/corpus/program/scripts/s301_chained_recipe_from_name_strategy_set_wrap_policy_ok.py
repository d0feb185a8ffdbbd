# expect: none
# oracle: OK
# twin: s300_chained_recipe_from_name_strategy_list_wrap_policy
"""python train.py [--recipe NAME]: a recipe, registered under its name, says how XLA FSDP wraps the net."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

RECIPES = {}


def register(name):
    def add(cls):
        RECIPES[name] = cls
        return cls
    return add


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


class Recipe:
    wrap_policy = None

    @classmethod
    def from_name(cls, name):
        return RECIPES[name]()

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_policy, state_dict_type="sharded")


@register("blocks")
class BlockRecipe(Recipe):
    wrap_policy = {Block}


@register("layers")
class LayerRecipe(Recipe):
    wrap_policy = {Block, nn.Linear}


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--recipe", default="layers", choices=sorted(RECIPES))
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=Recipe.from_name(args.recipe).strategy(), precision="bf16-true")
    fabric.launch(train)
