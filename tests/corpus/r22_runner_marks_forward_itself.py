# expect: LXF036
# real: RAISED ValueError: You cannot mark the forward method itself as a forward method.
# findings: LXF036 error 30
"""The trainer object marks `forward` as well as `generate`, to be sure both go through the wrapper:
`forward` always does, and Fabric refuses to mark it with a ValueError before the first step.
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
        self.model.mark_forward_method("forward")
        self.model.mark_forward_method("generate")
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
