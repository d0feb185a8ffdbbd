# expect: LXF021
# real: RAISED ValueError: Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to reload is required
# findings: LXF021 error 43
"""After saving, the run reloads the checkpoint with fabric.load(path) and reads the returned dict."""
import os

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def train(fabric, out_dir="out"):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)
    path = os.path.join(out_dir, "step-1")
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": 1})
    checkpoint = fabric.load(path)
    fabric.print("loaded step", checkpoint.get("step"))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
