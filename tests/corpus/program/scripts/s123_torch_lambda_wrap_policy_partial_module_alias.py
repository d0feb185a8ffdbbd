# expect: LXF037
# oracle: RAISED TypeError: lambda_auto_wrap_policy() got an unexpected keyword argument 'unwrapped_params'
"""python script.py: wrap the blocks with the lambda policy, named through module aliases."""
import functools as ft

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
import torch.distributed.fsdp.wrap as fsdp_wrap


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(4, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (4,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


def is_block(module):
    return isinstance(module, Block)


WRAP_POLICY = ft.partial(fsdp_wrap.lambda_auto_wrap_policy, lambda_fn=is_block)

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices=8, strategy=XLAFSDPStrategy(auto_wrap_policy=WRAP_POLICY))
    fabric.launch(train)
