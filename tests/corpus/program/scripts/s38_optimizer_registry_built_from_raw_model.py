# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""Optimizers by name, as a config file names them."""
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


def adamw(params, cfg):
    return torch.optim.AdamW(params, lr=cfg["lr"], weight_decay=cfg.get("weight_decay", 0.0))


def sgd(params, cfg):
    return torch.optim.SGD(params, lr=cfg["lr"], momentum=0.9)


OPTIMIZERS = {"adamw": adamw, "sgd": sgd}
CONFIG = {"optimizer": "adamw", "lr": 3e-4, "weight_decay": 0.1}


def train(fabric):
    net = Net()
    optimizer = OPTIMIZERS[CONFIG["optimizer"]](net.parameters(), CONFIG)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(optimizer)
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
