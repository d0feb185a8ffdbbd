# expect: none
# oracle: OK
# twin: s566_setdefault_helpers_forward_list_remat_default
"""python train.py: `make_strategy(**kwargs)` would fill `activation_checkpointing_policy` with `[Block]`, but `main` gives `{Block}` itself, so `setdefault` keeps it."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


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


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


def _strategy(*args, **kwargs):
    return XLAFSDPStrategy(*args, **kwargs)


def make_strategy(**kwargs):
    kwargs.setdefault("auto_wrap_policy", {Block})
    kwargs.setdefault("activation_checkpointing_policy", [Block])
    return _strategy(**kwargs)


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


def main():
    strategy = make_strategy(state_dict_type="sharded", activation_checkpointing_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)


if __name__ == "__main__":
    main()
