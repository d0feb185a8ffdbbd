# expect: LXF018
# real: RAISED TypeError: `Fabric.launch(function=<bound method BaseRunner.run of <__main__.PretrainRunner object at 0x7f018e0a3350>>)` needs to t
# findings: LXF018 error 50
"""A trainer subclass is launched through a run method it inherits; run takes only self."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


class BaseRunner:
    def __init__(self, steps=2):
        self.steps = steps
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))

    def run(self):
        fabric = self.fabric
        model = fabric.setup_module(make_model())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for _ in range(self.steps):
            step(fabric, model, optimizer)


class PretrainRunner(BaseRunner):
    def start(self):
        self.fabric.launch(self.run)


if __name__ == "__main__":
    PretrainRunner().start()
