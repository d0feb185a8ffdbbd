# expect: LXF019
# real: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
# findings: LXF019 error 34
"""The Fabric is passed as a keyword that lands in **options; the body reads the module's Fabric itself."""
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


def make_inputs(n=8, **options):
    dim = options.get("dim", 16)
    return torch.randn(n, dim, device=fabric.device)


def train(fabric, inputs):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(2):
        y = torch.randint(0, 4, (inputs.shape[0],), device=fabric.device)
        loss = F.cross_entropy(model(inputs), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
inputs = make_inputs(fabric=fabric, dim=16)
fabric.launch(train, inputs)
