# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""python script.py: the clipping settings go to `fabric.launch` as keywords and down the loop as `**kwargs`."""
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


def clip(fabric, model, optimizer, **clip_kwargs):
    if clip_kwargs:
        fabric.clip_gradients(model, optimizer, **clip_kwargs)


def training_step(fabric, model, optimizer, batch, **clip_kwargs):
    x, y = batch
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    clip(fabric, model, optimizer, **clip_kwargs)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def train(fabric, steps=2, **clip_kwargs):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        batch = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = training_step(fabric, model, optimizer, batch, **clip_kwargs)
        fabric.print(f"loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, steps=2, clip_val=0.5)
