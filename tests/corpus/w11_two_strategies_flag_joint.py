# expect: LXF012
# real: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# findings: LXF012 error 33
"""One script for GPU and TPU runs. The TPU branch switched to XLA FSDP but kept the joint set-up."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import DDPStrategy, XLAFSDPStrategy

ON_TPU = True


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.gelu(self.fc(x))


def make_fabric():
    if ON_TPU:
        return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    return Fabric(accelerator="cuda", devices=8, strategy=DDPStrategy(find_unused_parameters=False))


def train(fabric):
    model = nn.Sequential(nn.Linear(6, 16), Block(), Block(), nn.Linear(16, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    model, optimizer = fabric.setup(model, optimizer)
    for _ in range(2):
        x = torch.randn(4, 6, device=fabric.device)
        y = torch.randint(0, 2, (4,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = make_fabric()
    fabric.launch(train)
