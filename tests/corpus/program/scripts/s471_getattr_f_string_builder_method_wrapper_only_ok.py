# expect: none
# oracle: OK
# twin: s470_getattr_f_string_builder_method_wrapper_and_remat
"""python train.py: `Recipe.strategy()` calls `getattr(self, f'build_{self.kind}')()`, the kind a class default."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp import checkpoint_module


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


class Recipe:
    kind = "remat"

    def __init__(self, kind=None):
        self.kind = kind or self.kind

    def build_plain(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block})

    def build_remat(self):
        return XLAFSDPStrategy(
            auto_wrap_policy={Block},
            auto_wrapper_callable=wrap_with_checkpoint,
        )

    def strategy(self):
        return getattr(self, f"build_{self.kind}")()


def wrap_with_checkpoint(module, *args, **kwargs):
    from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel

    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=Recipe().strategy())
    fabric.launch(train)
