# expect: LXF031
# real: RAISED RuntimeError: You are calling the method `Net.generate()` from outside the model. To avoid issues with the currently selected strategy, explicitly mark it as a forward method with `fabric_model.mark_forward_method('generate')` after `fabric.setup()`.
# findings: LXF031 error 41
"""`model.generate(batch)` running only the wrapped `self.blocks(x)`, with `auto_wrap_policy`: each block gathers its
own weights, the method returns, and Lightning's module-call check raises its RuntimeError.
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
        return self.blocks(x).sum()


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    batch = (torch.randn(4, 8, device=fabric.device), None)
    loss = model.generate(batch)
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)
