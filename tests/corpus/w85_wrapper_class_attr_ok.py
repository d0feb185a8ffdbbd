# expect: none
# real: OK
# findings: none
"""Recipe classes: the TPU recipe checkpoints through its own wrapper and sets no remat policy."""
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


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def remat_wrapper(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


class Recipe:
    wrap_layers = {Block}
    wrapper = None

    def strategy(self):
        if self.wrapper is None:
            return XLAFSDPStrategy(auto_wrap_policy=self.wrap_layers)
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_layers, auto_wrapper_callable=self.wrapper)


class RematRecipe(Recipe):
    wrapper = staticmethod(remat_wrapper)


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=RematRecipe().strategy())
    fabric.launch(train)
