# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
# findings: LXF001 error 33
"""Experiment classes: a base with the defaults every run shares, subclasses override what differs."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class BaseExperiment:
    dim = 32
    depth = 2
    lr = 1e-3
    wrap_layers = {Block}
    remat_layers = (Block,)

    def build_model(self):
        return nn.Sequential(nn.Linear(4, self.dim), *[Block(self.dim) for _ in range(self.depth)], nn.Linear(self.dim, 1))

    def build_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_layers, activation_checkpointing_policy=self.remat_layers)


class WideExperiment(BaseExperiment):
    dim = 48
    lr = 5e-4


def train(fabric, exp):
    model = fabric.setup_module(exp.build_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=exp.lr))
    for _ in range(2):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x[:, :1])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    exp = WideExperiment()
    fabric = Fabric(accelerator="tpu", strategy=exp.build_strategy())
    fabric.launch(train, exp)
