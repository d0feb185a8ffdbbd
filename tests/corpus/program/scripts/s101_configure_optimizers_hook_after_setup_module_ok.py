# expect: none
# oracle: OK
# twin: s100_configure_optimizers_hook_before_setup_module
"""python script.py: a model ported from a LightningModule keeps its `configure_optimizers` hook; the loop asks for it."""
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


class LitNet(Net):
    def configure_optimizers(self, params=None):
        params = self.parameters() if params is None else params
        return torch.optim.AdamW(params, lr=1e-3, weight_decay=0.1)


def make_optimizer(module, params=None):
    configure = getattr(module, "configure_optimizers", None)
    if configure is None:
        return torch.optim.SGD(module.parameters() if params is None else params, lr=0.1)
    return configure(params)


def train(fabric, steps=2):
    net = LitNet()
    model = fabric.setup_module(net)
    optimizer = make_optimizer(net, model.parameters())
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
