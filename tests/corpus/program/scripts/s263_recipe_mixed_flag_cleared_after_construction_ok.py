# expect: none
# oracle: OK
# twin: s262_recipe_mixed_flag_on_as_built
"""python train.py: `Recipe.precision()` picks the mixed precision when the recipe's `mixed` flag is on (it is by default)."""
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


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


class Recipe:
    def __init__(self, wrap=(Block,)):
        self.wrap = set(wrap)
        self.mixed = True

    def precision(self):
        return "bf16-mixed" if self.mixed else "bf16-true"

    def fabric(self):
        strategy = XLAFSDPStrategy(auto_wrap_policy=self.wrap)
        return Fabric(accelerator="tpu", precision=self.precision(), strategy=strategy)


if __name__ == "__main__":
    recipe = Recipe()
    recipe.mixed = False  # XLA FSDP takes no mixed precision
    recipe.fabric().launch(train)
