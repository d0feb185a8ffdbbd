# expect: none
# real: OK
# findings: none
"""Checkpointing done by a module-level wrapper; the remat policy is None in the options helper."""
import torch
import torch.nn.functional as F
from torch import nn

from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def remat_wrapper(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


def fsdp_kwargs(remat_layers=None):
    return {
        "auto_wrap_policy": {Block},
        "activation_checkpointing_policy": remat_layers,
        "auto_wrapper_callable": remat_wrapper,
    }


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**fsdp_kwargs()))
    fabric.launch(train)
