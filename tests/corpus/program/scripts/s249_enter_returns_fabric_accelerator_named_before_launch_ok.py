# expect: none
# oracle: OK
# twin: s248_enter_returns_fabric_device_read_before_launch
"""python train.py: `TPUSession` is a context manager whose `__enter__` builds and returns the Fabric."""
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


class TPUSession:
    def __init__(self, **fabric_kwargs):
        self.fabric_kwargs = {"accelerator": "tpu", **fabric_kwargs}
        self.fabric = None

    def __enter__(self):
        self.fabric = Fabric(**self.fabric_kwargs)
        return self.fabric

    def __exit__(self, *exc_info):
        self.fabric = None
        return False


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    with TPUSession(strategy=XLAFSDPStrategy(auto_wrap_policy={Block})) as fabric:
        fabric.print(f"training on {type(fabric.accelerator).__name__} with {fabric.world_size} processes")
        fabric.launch(train)
