# expect: LXF036
# real: RAISED AttributeError: You marked 'sample' as a forward method, but `Net.sample` does not exist or is not a method.
# findings: LXF036 error 31, LXF031 error 40
"""The trainer object marks the method it samples with, by the name an older version of the model used
(`sample`); the model's method is `generate`. Fabric checks the name when it is marked and raises an
AttributeError before the first step.
"""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 8)
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        return self.head(torch.relu(self.body(x)))

    def generate(self, x):
        return self.head(self.body(x))


class Runner:
    def __init__(self, fabric):
        self.fabric = fabric
        self.model = fabric.setup_module(Net())
        self.model.mark_forward_method("sample")  # the name the old trainer used
        self.optimizer = fabric.setup_optimizers(torch.optim.SGD(self.model.parameters(), lr=0.1))

    def step(self):
        x = torch.randn(4, 8, device=self.fabric.device)
        loss = self.model(x).sum()
        self.fabric.backward(loss)
        self.optimizer.step()
        self.optimizer.zero_grad()
        return self.model.generate(x)


def train(fabric):
    Runner(fabric).step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
