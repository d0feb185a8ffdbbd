# expect: none
# oracle: OK
# twin: s246_yield_from_components_joint_setup
"""python train.py: `components(...)` yields the model, then `yield from`s its optimizers; each is set up as it is made."""
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

CONFIG = {"lr": 1e-3, "weight_decay": 0.01, "steps": 2}


def optimizers(model, cfg):
    yield torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])


def components(fabric, cfg):
    model = fabric.setup_module(Net())
    yield model
    yield from map(fabric.setup_optimizers, optimizers(model, cfg))


def train(fabric, cfg):
    model, optimizer = components(fabric, cfg)
    for _ in range(cfg["steps"]):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, CONFIG)
