# expect: none
# oracle: OK
# twin: s466_default_clip_dict_mutated_after_def_by_value
"""python train.py: `step(..., clip=CLIP)` takes a module dict as its default; the script later edits CLIP."""
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


CLIP = {"max_norm": 1.0}


def step(fabric, model, optimizer, batch, clip=CLIP):
    x, y = batch
    fabric.backward(F.cross_entropy(model(x), y))
    fabric.clip_gradients(model, optimizer, **clip)
    optimizer.step()
    optimizer.zero_grad()


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        batch = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        step(fabric, model, optimizer, batch)


CLIP = {"clip_val": 0.5}

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
