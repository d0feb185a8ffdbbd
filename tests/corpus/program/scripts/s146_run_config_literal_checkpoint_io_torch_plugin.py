# expect: LXF009
# oracle: RAISED TypeError: The XLA strategy can only work with the `XLACheckpointIO` plugin, found <lightning.fabric.plugins.io.torch_io.TorchCheck
"""python train.py: a RunConfig dataclass picks the checkpoint IO plugin by name; Fabric gets the built plugin list."""
from dataclasses import dataclass, field
from typing import Literal

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import TorchCheckpointIO, XLACheckpointIO
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


CHECKPOINT_IO = {"torch": TorchCheckpointIO, "xla": XLACheckpointIO}


@dataclass
class RunConfig:
    steps: int = 2
    lr: float = 1e-3
    checkpoint_io: Literal["torch", "xla"] = "torch"
    wrap_layers: set = field(default_factory=lambda: {Block})


def build_plugins(cfg: RunConfig):
    return [CHECKPOINT_IO[cfg.checkpoint_io]()]


def build_fabric(cfg: RunConfig):
    strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_layers, state_dict_type="sharded")
    return Fabric(accelerator="tpu", strategy=strategy, plugins=build_plugins(cfg))


def train(fabric, cfg: RunConfig):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()
    fabric.save("checkpoints/final", {"model": model, "optimizer": optimizer})


def main(cfg: RunConfig = RunConfig()):
    fabric = build_fabric(cfg)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
