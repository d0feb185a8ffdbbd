# expect: none
# oracle: OK
# twin: s92_launch_kwargs_forwarded_to_clip_by_value
"""python script.py: clipping is optional in the step helpers; this run gives them no clipping settings."""
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


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        batch = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = training_step(fabric, model, optimizer, batch)
        fabric.print(f"loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, steps=2)
