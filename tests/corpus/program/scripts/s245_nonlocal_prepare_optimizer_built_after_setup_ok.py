# expect: none
# oracle: OK
# twin: s244_nonlocal_prepare_optimizer_built_before_setup
"""python train.py: `make_trainer` keeps the model and optimizer in its closure; `prepare()` rebinds them with `nonlocal`."""
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


def make_trainer(fabric, lr=1e-3):
    model = Net()
    optimizer = None
    steps_done = 0

    def prepare():
        nonlocal model, optimizer
        model = fabric.setup_module(model)
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))

    def step(x, y):
        nonlocal steps_done
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        steps_done += 1
        return loss.detach()

    return prepare, step


def train(fabric, steps=2):
    prepare, step = make_trainer(fabric)
    prepare()
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        step(x, y)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
