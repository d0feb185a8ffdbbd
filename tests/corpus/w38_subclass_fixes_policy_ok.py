# expect: none
# real: OK
# findings: none
"""The base recipe had a tuple policy; the TPU recipe subclass overrides it with a set and is the one run."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Recipe:
    remat_layers = (Block,)
    wrap_layers = (Block,)
    lr = 1e-3

    def strategy(self):
        raise NotImplementedError

    def model(self):
        return nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4))


class TPURecipe(Recipe):
    remat_layers = {Block}
    wrap_layers = {Block}

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_layers, activation_checkpointing_policy=self.remat_layers)


def train(fabric, recipe):
    model = fabric.setup_module(recipe.model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=recipe.lr))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    recipe = TPURecipe()
    fabric = Fabric(accelerator="tpu", strategy=recipe.strategy())
    fabric.launch(train, recipe)
