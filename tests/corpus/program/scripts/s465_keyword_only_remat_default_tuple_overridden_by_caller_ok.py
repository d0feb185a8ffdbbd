# expect: none
# oracle: OK
# twin: s464_keyword_only_remat_default_tuple_kept_by_caller
"""python train.py: `make_strategy(*, wrap=..., remat=...)` has a tuple default for `remat`; the caller keeps it."""
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


def make_strategy(*, wrap=frozenset({Block}), remat=(Block,), state_dict_type="sharded"):
    return XLAFSDPStrategy(
        auto_wrap_policy=set(wrap), activation_checkpointing_policy=remat, state_dict_type=state_dict_type
    )


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(wrap={Block}, remat={Block}))
    fabric.launch(train)
