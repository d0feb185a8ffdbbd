# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
"""python script.py: experiments subclass a base whose `strategy_kwargs()` the subclass extends through super()."""
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


class Experiment:
    lr = 1e-3
    steps = 2

    def strategy_kwargs(self):
        return {"state_dict_type": "sharded", "sequential_save": False}

    def fabric(self):
        return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**self.strategy_kwargs()))

    def __call__(self, fabric):
        model = fabric.setup_module(Net())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for _ in range(self.steps):
            x = torch.randn(8, 32, device=fabric.device)
            fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
            optimizer.step()
            optimizer.zero_grad()


class ShardedBlocks(Experiment):
    def strategy_kwargs(self):
        kwargs = super().strategy_kwargs()
        kwargs.update(auto_wrap_policy=[Block])
        return kwargs


if __name__ == "__main__":
    experiment = ShardedBlocks()
    experiment.fabric().launch(experiment)
