# expect: LXF002
# real: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# findings: LXF002 error 26
"""FSDP keyword arguments come from a helper; the wrapper slot is kept but set to None."""
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


def fsdp_kwargs(remat_layers, wrapper=None):
    kwargs = {
        "auto_wrap_policy": {Block},
        "activation_checkpointing_policy": remat_layers,
        "auto_wrapper_callable": wrapper,
    }
    return kwargs


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(**fsdp_kwargs({Block}))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
