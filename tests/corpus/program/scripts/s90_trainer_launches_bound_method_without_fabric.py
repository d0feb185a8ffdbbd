# expect: LXF018
# oracle: RAISED TypeError: `Fabric.launch(function=<bound method Trainer._run of <__main__.Trainer object at 0x7f063b3404d0>>)` needs to take at le
"""python script.py: a Trainer object owns the Fabric; `fit()` launches one of its own methods."""
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


class Trainer:
    def __init__(self, steps=2, lr=1e-3):
        self.steps = steps
        self.lr = lr
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))

    def fit(self):
        return self.fabric.launch(self._run)

    def _run(self):
        fabric = self.fabric
        model = fabric.setup_module(Net())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for _ in range(self.steps):
            x = torch.randn(8, 32, device=fabric.device)
            fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    Trainer().fit()
