# expect: none
# real: OK
# findings: none
"""litgpt-style state dict with an iteration counter; saved sharded and resumed with fabric.load(path, state)."""
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


def fit(fabric, state, max_iters=2):
    model, optimizer = state["model"], state["optimizer"]
    while state["iter_num"] < max_iters:
        step(fabric, model, optimizer)
        state["iter_num"] += 1


def main(fabric, out_dir="out"):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=6e-4))
    state = {"model": model, "optimizer": optimizer, "iter_num": 0}
    fit(fabric, state)
    fabric.save(os.path.join(out_dir, "last"), state)
    fabric.load(os.path.join(out_dir, "last"), state)
    fabric.print(f"resumed at {state['iter_num']}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(main)
