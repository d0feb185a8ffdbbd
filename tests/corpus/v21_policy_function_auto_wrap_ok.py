# expect: none
# real: OK
# findings: none
"""Size-based wrapping with a module-level policy function (picklable), and checkpointing by class."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.ff(x)


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.inp = nn.Linear(8, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))


def wrap_policy(module, recurse, unwrapped_params):
    if recurse:
        return True
    return isinstance(module, Block)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(16, 8, device=fabric.device)
        loss = F.mse_loss(model(x), x.sum(1, keepdim=True))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    policy = wrap_policy
    strategy = XLAFSDPStrategy(auto_wrap_policy=policy, activation_checkpointing_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
