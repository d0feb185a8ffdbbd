# expect: none
# oracle: OK
# twin: s254_launcher_method_fabric_also_built_for_dry_run
"""python train.py: `Launcher.fabric()` builds the run's Fabric; `start()` falls back to bf16-true when the mixed precision is refused."""
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


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


class Launcher:
    def __init__(self, precision="bf16-mixed", dry_run=False):
        self.precision = precision
        self.dry_run = dry_run

    def fabric(self):
        return Fabric(accelerator="tpu", precision=self.precision, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))

    def start(self):
        try:
            fabric = self.fabric()
        except ValueError:
            print(f"{self.precision!r} is not available with XLA FSDP, using bf16-true")
            fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
        fabric.launch(train)


if __name__ == "__main__":
    launcher = Launcher()
    print("precision:", launcher.precision)
    launcher.start()
