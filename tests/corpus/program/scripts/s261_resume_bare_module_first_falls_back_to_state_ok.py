# expect: none
# oracle: OK
# twin: s260_resume_bare_module_first_handler_reraises
"""python train.py: the resume loads into the model as a torch checkpoint would, and into a state dict when the strategy refuses a bare module."""
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

import os
import tempfile


def resume(fabric, model, path):
    try:
        fabric.load(path, model)
    except NotImplementedError:
        fabric.load(path, {"model": model})


def train(fabric, ckpt_dir):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()
    path = os.path.join(ckpt_dir, "last")
    fabric.save(path, {"model": model, "optimizer": optimizer})
    resume(fabric, model, path)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(train, tempfile.mkdtemp())
