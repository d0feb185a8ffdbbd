# expect: none
# oracle: OK
# twin: s84_torch_transformer_wrap_policy_partial
"""python script.py: the project's own `transformer_auto_wrap_policy`, with the parameters torch_xla passes."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


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


def transformer_auto_wrap_policy(module, recurse, unwrapped_params, transformer_layer_cls):
    return recurse or isinstance(module, tuple(transformer_layer_cls))


if __name__ == "__main__":
    policy = functools.partial(transformer_auto_wrap_policy, transformer_layer_cls={Block})
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=policy))
    fabric.launch(train)
