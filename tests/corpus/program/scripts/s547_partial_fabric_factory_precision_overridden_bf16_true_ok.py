# expect: none
# oracle: OK
# twin: s546_partial_fabric_factory_keeps_gpu_precision_bf16_mixed
"""python train.py: `make_fabric = functools.partial(build_fabric, precision="bf16-mixed")` is the GPU factory; the TPU run overrides both the accelerator and the precision."""
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


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


def build_fabric(accelerator="cuda", precision="32-true", **strategy_kwargs):
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, **strategy_kwargs)
    return Fabric(accelerator=accelerator, strategy=strategy, precision=precision)


make_fabric = functools.partial(build_fabric, precision="bf16-mixed", state_dict_type="sharded")

if __name__ == "__main__":
    fabric = make_fabric(accelerator="tpu", precision="bf16-true")
    fabric.launch(train)
