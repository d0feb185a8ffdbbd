# expect: none
# oracle: OK
# twin: s25_subclass_keeps_base_list_policy
"""Experiments as subclasses of a base experiment: class attributes say what to shard and recompute."""
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


def batch(fabric, n=8):
    return torch.randn(n, 32, device=fabric.device), torch.randint(0, 4, (n,), device=fabric.device)


class Experiment:
    wrap_layers = {Block}
    remat_layers = [Block]
    lr = 1e-3

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_layers, activation_checkpointing_policy=self.remat_layers)

    def train(self, fabric):
        model = fabric.setup_module(Net())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()


class DeepExperiment(Experiment):
    lr = 3e-4
    remat_layers = {Block}


def main(exp):
    fabric = Fabric(accelerator="tpu", strategy=exp.strategy())
    fabric.launch(exp.train)


if __name__ == "__main__":
    main(DeepExperiment())
