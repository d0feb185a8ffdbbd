# expect: none
# oracle: OK
# twin: s28_builder_registry_list_policy
"""Strategies kept in a dict of builders; the experiment picks one by name and says what to checkpoint."""
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


def batch(fabric, n=8):
    return torch.randn(n, 32, device=fabric.device), torch.randint(0, 4, (n,), device=fabric.device)


def sharded(policy):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)


def unsharded_blocks(policy):
    return XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, activation_checkpointing_policy=policy)


# the strategies an experiment can name; each builder takes what to checkpoint
BUILDERS = {"sharded": sharded, "linear": unsharded_blocks}
EXPERIMENT = "sharded"


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x, y = batch(fabric)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=BUILDERS[EXPERIMENT]({Block}))
    fabric.launch(train)
