# expect: LXF023
# real: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
# findings: LXF023 error 23
"""Periodic checkpoints; the state dict is built by a helper from whatever the caller hands it."""
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


def checkpoint_state(model, optimizer, step):
    return {"model": model, "optimizer": optimizer, "step": step}


def save_checkpoint(fabric, path, state):
    fabric.save(path, state)
    fabric.print(f"saved {path}")


def train(fabric, steps=2, every=2):
    network = nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4))
    model = fabric.setup_module(network)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(1, steps + 1):
        x = torch.randn(3, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % every == 0:
            save_checkpoint(fabric, f"checkpoints/step-{step}", checkpoint_state(network, optimizer, step))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
