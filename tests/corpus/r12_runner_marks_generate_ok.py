# expect: none
# real: OK
# findings: none
"""The same trainer object, marking `generate` as a forward method right after the set-up (what errata's
fix writes): the call goes through the XLAFSDP wrapper, which gathers the full weights, and runs.
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
