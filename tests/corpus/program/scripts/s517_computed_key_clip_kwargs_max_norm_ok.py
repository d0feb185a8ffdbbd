# expect: none
# oracle: OK
# twin: s516_computed_key_clip_kwargs_clip_val
"""python train.py: the clipping keyword is computed (`{key: threshold}` with `key = "clip_val" if mode == "value" else "max_norm"`) and spread into `clip_gradients`; the script's mode is `norm`."""
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

CLIP_MODE = "norm"  # "norm" or "value"
CLIP_THRESHOLD = 0.5


def clip_kwargs(mode, threshold):
    key = "clip_val" if mode == "value" else "max_norm"
    return {key: threshold}


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        fabric.clip_gradients(model, optimizer, **clip_kwargs(CLIP_MODE, CLIP_THRESHOLD))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
