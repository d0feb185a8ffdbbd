# expect: LXF020
# real: RAISED ValueError: Unknown state_dict_type: consolidated
# findings: LXF020 error 41
"""Checkpoint format comes from an environment variable, with a default spelled the torch way."""
import os

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CKPT_FORMAT = os.environ.get("CKPT_FORMAT", "consolidated")


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    state = {"model": model, "optimizer": optimizer, "step": 1}
    fabric.save("ckpt", state)
    fabric.load("ckpt", state)
    fabric.print(f"reloaded at step {state['step']}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=CKPT_FORMAT))
    fabric.launch(train)
