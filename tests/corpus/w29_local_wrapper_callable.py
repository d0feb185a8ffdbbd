# expect: LXF006
# real: RAISED AttributeError: Can't pickle local object 'build_strategy.<locals>.wrapper'
# findings: LXF006 error 29
"""The checkpointing wrapper is a nested function defined where the strategy is built."""
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


def build_strategy(remat=True):
    def wrapper(module, *args, **kwargs):
        if remat:
            module = checkpoint_module(module)
        return XlaFullyShardedDataParallel(module, *args, **kwargs)

    return XLAFSDPStrategy(auto_wrap_policy={Block}, auto_wrapper_callable=wrapper)


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
    fabric = Fabric(accelerator="tpu", strategy=build_strategy())
    fabric.launch(train)
