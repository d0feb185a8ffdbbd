# expect: LXF022
# real: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
# findings: LXF022 error 34
"""Initialise from a plain state-dict file with fabric.load_raw, after sharding."""
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


WEIGHTS = "init.pt"


def build():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def train(fabric):
    if fabric.global_rank == 0:
        torch.save(build().state_dict(), WEIGHTS)
    fabric.barrier()
    model = fabric.setup_module(build())
    fabric.load_raw(WEIGHTS, model)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
