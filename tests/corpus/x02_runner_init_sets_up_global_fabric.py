# expect: LXF019
# real: RAISED RuntimeError: To use Fabric with more than one device, you must call `.launch()` or use the CLI: `fabric run --help`.
# findings: LXF019 error 34, LXF019 error 35
"""A runner class sets the model up on the module's Fabric in __init__, built before the launch."""
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


class Runner:
    def __init__(self, lr=1e-3):
        self.model = fabric.setup_module(Net())
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=lr))

    def fit(self, steps=2):
        for step in range(steps):
            x = torch.randn(8, 16, device=fabric.device)
            y = torch.randint(0, 4, (8,), device=fabric.device)
            loss = F.cross_entropy(self.model(x), y)
            fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()


def train(fabric, runner):
    runner.fit()


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
runner = Runner()
fabric.launch(train, runner)
