# expect: LXF031
# real: RAISED RuntimeError: Cannot infer shape for dot operation: f32[4,8] <dot> f32[1]. Contracting dimension sizes are not compatible.
# findings: LXF031 error 39
"""A port of a trainer object that keeps the set-up model as `self.model` and samples from it with the
model's own `generate` after a step. The call runs on the original module, whose layers XLAFSDP has
flattened into 1-D shards: XLA fails with a shape error before Lightning's `mark_forward_method` check.
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
