# expect: none
# oracle: OK
# twin: s220_step_factory_keyword_override_clips_by_value
"""python train.py: `make_step(fabric, ...)` closes over the Fabric and the clipping settings; the caller overrides them."""
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


def make_step(fabric, model, optimizer, *, clip_val=None, max_norm=1.0):
    def step(x, y):
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, clip_val=clip_val, max_norm=max_norm)
        optimizer.step()
        optimizer.zero_grad()
        return loss.detach()

    return step


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    step = make_step(fabric, model, optimizer, max_norm=0.5)
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        step(x, y)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
