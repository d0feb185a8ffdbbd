# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
"""The sharding config fills its checkpoint policy in __post_init__; the run derives its config with replace()."""
import dataclasses
from dataclasses import dataclass, field

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


@dataclass
class ShardingConfig:
    wrap_layers: set = field(default_factory=lambda: {Block})
    remat_layers: tuple = ()
    checkpoint_policy: object = None

    def __post_init__(self):
        # checkpoint the layers we remat unless a policy was given
        if self.remat_layers and self.checkpoint_policy is None:
            self.checkpoint_policy = self.remat_layers


BASE = ShardingConfig()


def make_strategy(cfg):
    return XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_layers, activation_checkpointing_policy=cfg.checkpoint_policy)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


def main(remat=True):
    cfg = dataclasses.replace(BASE, remat_layers=(Block,)) if remat else BASE
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(cfg))
    fabric.launch(train)


if __name__ == "__main__":
    main()
