# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
"""python train.py: the pod recipe picks its strategy by the class of the hardware generation's spec."""
import functools
from dataclasses import dataclass

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
    def __init__(self, dim=32, depth=2, classes=4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


@dataclass
class V3Spec:
    hbm_gib: int = 16


@dataclass
class V4Spec:
    hbm_gib: int = 32


@dataclass
class V5eSpec(V4Spec):
    hbm_gib: int = 16


SPECS = {"v3": V3Spec, "v4": V4Spec, "v5e": V5eSpec}
GENERATION = "v5e"  # the pod this recipe is tuned for


class PodRecipe:
    def __init__(self, lr=1e-3):
        self.lr = lr

    @functools.singledispatchmethod
    def strategy(self, spec):
        raise NotImplementedError(f"no recipe for {type(spec).__name__}")

    @strategy.register(V3Spec)
    def _(self, spec):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})

    @strategy.register(V4Spec)
    def _(self, spec):
        return XLAFSDPStrategy(auto_wrap_policy=[Block])

    def fabric(self, spec):
        return Fabric(accelerator="tpu", strategy=self.strategy(spec), precision="bf16-true")

    def run(self, fabric):
        model = fabric.setup_module(Net())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()


def main():
    recipe = PodRecipe()
    fabric = recipe.fabric(SPECS[GENERATION]())
    fabric.launch(recipe.run)


if __name__ == "__main__":
    main()
