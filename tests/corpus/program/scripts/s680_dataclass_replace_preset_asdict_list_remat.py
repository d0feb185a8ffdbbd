# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
"""python train.py: frozen dataclass presets derived with `dataclasses.replace`, spread into the strategy by `dataclasses.asdict`; the low-memory preset's remat policy is a list."""
import argparse
import dataclasses

import torch
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


@dataclasses.dataclass(frozen=True)
class ShardingConfig:
    auto_wrap_policy: object = None
    activation_checkpointing_policy: object = None
    flatten_parameters: bool = True


BASE = ShardingConfig(auto_wrap_policy={Block})
PRESETS = {
    "fast": BASE,
    "low_memory": dataclasses.replace(BASE, activation_checkpointing_policy=[Block]),
}


def train(fabric, args):
    model = fabric.setup_module(Net(args.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, args.dim, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    parser.add_argument("--preset", default="low_memory", choices=list(PRESETS))
    args = parser.parse_args()
    sharding = PRESETS[args.preset]
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**dataclasses.asdict(sharding)))
    fabric.launch(train, args)
