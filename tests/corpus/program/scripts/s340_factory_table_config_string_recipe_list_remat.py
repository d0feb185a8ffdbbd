# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
"""TRAIN_CONFIG='{"recipe": "deep"}' python train.py: the recipe the JSON config names builds the strategy."""
import json
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Recipe:
    """How the model is sharded and which layers recompute their activations in the backward pass."""

    def __init__(self, layer, remat):
        self.layer = layer
        self.remat = remat

    def strategy(self, accelerator):
        return XLAFSDPStrategy(accelerator=accelerator, auto_wrap_policy={self.layer},
                               activation_checkpointing_policy=self.remat)


class DeepRecipe(Recipe):
    depth = 8


class WideRecipe(Recipe):
    depth = 2


def deep_recipe():
    return DeepRecipe(Block, [Block])


def wide_recipe():
    return WideRecipe(Block, [Block])


RECIPES = {"deep": deep_recipe, "wide": wide_recipe}
CONFIG = json.loads(os.environ.get("TRAIN_CONFIG", '{"recipe": "deep"}'))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    recipe = RECIPES[CONFIG["recipe"]]()
    Fabric(strategy=recipe.strategy("tpu")).launch(train)
