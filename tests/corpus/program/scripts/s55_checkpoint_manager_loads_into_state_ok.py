# expect: none
# oracle: OK
# twin: s54_checkpoint_manager_loads_into_bare_module
"""python script.py: trains, saves a sharded checkpoint, resumes from it with the manager."""
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


class CheckpointManager:
    def __init__(self, fabric, model, root):
        self.fabric = fabric
        self.model = model
        self.path = os.path.join(root, "last.ckpt")

    def save(self):
        self.fabric.save(self.path, {"model": self.model})

    def resume(self):
        return self.fabric.load(self.path, {"model": self.model})


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()
    manager = CheckpointManager(fabric, model, tempfile.mkdtemp())
    manager.save()
    manager.resume()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
