# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
"""python train.py: a `@torch.no_grad()` evaluation helper that reports the worst replica's loss."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


SHARDED_WITH_MAX = (FSDPStrategy, XLAFSDPStrategy)  # sharded strategies whose all_reduce takes "max"


@torch.no_grad()
def evaluate(fabric, model, batches):
    model.eval()
    losses = torch.stack([F.cross_entropy(model(x), y) for x, y in batches])
    model.train()
    if isinstance(fabric.strategy, SHARDED_WITH_MAX):
        return fabric.all_reduce(losses.max(), reduce_op="max")
    return fabric.all_gather(losses.max()).max()


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    batches = [(torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device))
               for _ in range(2)]
    for x, y in batches:
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"worst val loss {evaluate(fabric, model, batches).item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
