# expect: none
# oracle: OK
# twin: s180_plan_property_setter_keeps_wrap_layers_as_list
"""python script.py: a sharding plan whose `layers` property setter normalises what it is given."""
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


class ShardingPlan:
    def __init__(self, layers=(Block,)):
        self._layers = None
        self.layers = layers

    @property
    def layers(self):
        return self._layers

    @layers.setter
    def layers(self, value):
        self._layers = set(value)

    def strategy(self):
        print("sharding", sorted(cls.__name__ for cls in self.layers))
        return XLAFSDPStrategy(auto_wrap_policy=self.layers, state_dict_type="sharded")


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    plan = ShardingPlan()
    plan.layers = [Block, Block]
    fabric = Fabric(accelerator="tpu", strategy=plan.strategy())
    fabric.launch(train)
