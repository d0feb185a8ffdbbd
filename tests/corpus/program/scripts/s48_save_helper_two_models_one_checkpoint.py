# expect: LXF024
# oracle: RAISED ValueError: Found multiple XLAFSDP modules in the given state. Saving checkpoints with FSDP is currently limited to a single model p
"""Distils a deeper teacher into a student; both are sharded and checkpointed."""
import os
import tempfile

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


def save_all(fabric, path, step, **models):
    fabric.save(path, {**models, "step": step})


def train(fabric):
    teacher = fabric.setup_module(Net(depth=4))
    student = fabric.setup_module(Net(depth=2))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(student.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    with torch.no_grad():
        target = F.softmax(teacher(x), dim=-1)
    fabric.backward(F.cross_entropy(student(x), target))
    optimizer.step()
    save_all(fabric, os.path.join(tempfile.mkdtemp(), "distill"), 1, teacher=teacher, student=student)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
