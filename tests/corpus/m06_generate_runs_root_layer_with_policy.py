# expect: LXF031
# real: RAISED RuntimeError: Cannot infer shape for dot operation: f32[4,8] <dot> f32[1]. Contracting dimension sizes are not compatible.
# findings: LXF031 error 41
"""`model.generate(batch)` running the root-level `self.head(x)`, with `auto_wrap_policy`: the layer the policy
leaves at the root holds a flat 1-D shard, so XLA fails at it.
"""
import torch
import torch.nn.functional as F
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        return self.head(self.blocks(x))

    def generate(self, batch):
        x, y = batch
        return F.cross_entropy(self.head(x), y)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    batch = (torch.randn(4, 8, device=fabric.device), torch.randint(0, 2, (4,), device=fabric.device))
    loss = model.generate(batch)
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)
