# expect: none
# oracle: OK
# twin: s690_post_init_dedupes_nn_names_into_list_property_strategy
"""python train.py: a config dataclass turns layer names into `torch.nn` classes with `getattr` in `__post_init__`, dropping duplicates into a set; a property builds the strategy from it."""
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


@dataclasses.dataclass
class RunConfig:
    dim: int = 32
    lr: float = 3e-4
    steps: int = 2
    remat_layers: tuple = ("TransformerEncoderLayer", "TransformerDecoderLayer")

    def __post_init__(self):
        # names to classes, duplicates dropped, order kept for the log line
        self.remat_layers = {getattr(nn, name) for name in dict.fromkeys(self.remat_layers)}

    @property
    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=self.remat_layers)


def train(fabric, cfg):
    model = fabric.setup_module(Net(cfg.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, cfg.dim, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    cfg = RunConfig(steps=args.steps)
    print("remat:", [c.__name__ for c in cfg.remat_layers])
    fabric = Fabric(accelerator="tpu", strategy=cfg.strategy)
    fabric.launch(train, cfg)
