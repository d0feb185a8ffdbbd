# expect: none
# oracle: OK
# twin: s266_trainer_precision_overridden_after_construction_to_bf16_mixed
"""python train.py: the entry point builds the `Trainer` with its defaults, then overrides the precision from the run's profile before `fit()` builds the Fabric."""
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


def loop(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


PROFILE = {"precision": "bf16-true", "steps": 2}


class Trainer:
    def __init__(self, precision="bf16-mixed", wrap=(Block,)):
        self.precision = precision
        self.wrap = set(wrap)

    def fabric(self):
        return Fabric(accelerator="tpu", precision=self.precision, strategy=XLAFSDPStrategy(auto_wrap_policy=self.wrap))

    def fit(self, steps):
        self.fabric().launch(loop, steps)


if __name__ == "__main__":
    trainer = Trainer()
    trainer.precision = PROFILE["precision"]
    trainer.fit(PROFILE["steps"])
