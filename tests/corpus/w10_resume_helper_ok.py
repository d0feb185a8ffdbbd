# expect: none
# real: OK
# findings: none
"""Save a sharded checkpoint, then resume from it through helpers that build the state dict."""
import os

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CKPT = os.path.join("runs", "latest")


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def make_state(model, optimizer, step=0):
    return {"model": model, "optimizer": optimizer, "step": step}


def step_once(fabric, model, optimizer):
    x = torch.randn(3, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def resume(fabric, model, optimizer):
    state = make_state(model, optimizer)
    if os.path.isdir(CKPT):
        remainder = fabric.load(CKPT, state)
        fabric.print(f"resumed at step {state['step']}, left over: {sorted(remainder)}")
    return state


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step_once(fabric, model, optimizer)
    fabric.save(CKPT, make_state(model, optimizer, step=1))
    state = resume(fabric, model, optimizer)
    step_once(fabric, model, optimizer)
    fabric.print(f"now at step {state['step'] + 1}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(train)
