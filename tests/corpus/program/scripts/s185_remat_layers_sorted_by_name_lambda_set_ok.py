# expect: none
# oracle: OK
# twin: s184_remat_layers_sorted_by_name_lambda_list
"""python script.py: the checkpointed layer classes are sorted by name so the log line is stable."""
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


def strategy_kwargs(shard_layers, remat_layers):
    remat = sorted(remat_layers, key=lambda cls: cls.__qualname__)
    print("activation checkpointing:", ", ".join(cls.__qualname__ for cls in remat))
    return dict(auto_wrap_policy=set(shard_layers), activation_checkpointing_policy=set(remat))


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    kwargs = strategy_kwargs(shard_layers=[Block], remat_layers={Block})
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**kwargs))
    fabric.launch(train)
