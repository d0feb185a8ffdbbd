# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""MLP trainer whose optimizer class comes from a config property (getattr on torch.optim) and is built by a closure factory."""
import dataclasses

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclasses.dataclass
class OptimConfig:
    name: str = "AdamW"
    lr: float = 1e-3
    weight_decay: float = 0.05
    betas: tuple = (0.9, 0.95)

    @property
    def optimizer_cls(self):
        return getattr(torch.optim, self.name)

    @property
    def extra(self):
        return {"betas": self.betas} if self.name.startswith("Adam") else {}


@dataclasses.dataclass
class TrainConfig:
    optim: OptimConfig = dataclasses.field(default_factory=OptimConfig)
    steps: int = 3
    batch_size: int = 16


def optimizer_builder(cfg):
    cls = cfg.optimizer_cls

    def build(module):
        return cls(module.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay, **cfg.extra)

    return build


class MLP(nn.Module):
    def __init__(self, sizes=(20, 128, 128, 5)):
        super().__init__()
        layers = []
        for a, b in zip(sizes[:-1], sizes[1:]):
            layers += [nn.Linear(a, b), nn.ReLU()]
        self.body = nn.Sequential(*layers[:-1])

    def forward(self, x):
        return self.body(x)


def train(fabric, cfg):
    make_optimizer = optimizer_builder(cfg.optim)
    model = MLP()
    optimizer = make_optimizer(model)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    for step in range(cfg.steps):
        x = torch.randn(cfg.batch_size, 20, device=fabric.device)
        y = torch.randint(0, 5, (cfg.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"{step}: {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(train, TrainConfig())
