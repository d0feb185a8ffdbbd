# expect: LXF019
# real: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
# findings: LXF019 error 45
"""A summary helper reads the module's Fabric device after the launch has returned."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=16, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(2):
        x = torch.randn(8, 16, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def summarize():
    probe = torch.ones(4, device=fabric.device)
    fabric.print(f"probe sum {probe.sum().item()}")


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
fabric.launch(train)
summarize()
