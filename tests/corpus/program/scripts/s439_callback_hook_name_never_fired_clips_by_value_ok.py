# expect: none
# oracle: OK
# twin: s438_callback_hook_fired_by_fabric_call_clips_by_value
"""python train.py: gradient clipping kept in a callback, fired from the loop with `fabric.call`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


class ValueClipper:
    """Ported from the GPU recipe, which clipped by value."""

    def __init__(self, clip_val: float = 0.5):
        self.clip_val = clip_val

    def on_before_optimizer_steps(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.clip_val)


class Logger:
    def on_train_batch_end(self, fabric, loss, step):
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        fabric.call("on_before_optimizer_step", fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_batch_end", fabric, loss, step)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
                    callbacks=[ValueClipper(), Logger()])
    fabric.launch(train)
