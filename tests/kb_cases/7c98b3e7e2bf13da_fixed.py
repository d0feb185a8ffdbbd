# record: 7c98b3e7e2bf13da
# role: fixed
"""errata's corrected fix: `{Block}` with `auto_wrap_policy={Block}`; checks that a block is checkpointed and trains a step."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.lin(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        return self.head(self.blocks(x))


def one_step(fabric, model, optimizer):
    loss = model(torch.randn(4, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()


def assert_checkpointed(model):
    """Activation checkpointing really applied: torch_xla's checkpoint_module marks what it wraps."""
    if not any(hasattr(m, "_xla_checkpointed_forward_original") for m in model.modules()):
        raise AssertionError("activation_checkpointing_policy has no effect: no module is checkpointed")


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    assert_checkpointed(model)
    one_step(fabric, model, optimizer)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
