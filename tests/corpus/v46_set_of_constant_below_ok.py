# expect: none
# real: OK
# findings: none
"""Layer tuples at the bottom of the file; the strategy builder converts them to sets."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def configure_strategy():
    return XLAFSDPStrategy(
        auto_wrap_policy=set(WRAP_LAYERS),
        activation_checkpointing_policy=set(REMAT_LAYERS),
        state_dict_type="sharded",
    )


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=LR))
    for _ in range(STEPS):
        x = torch.randn(4, 6, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.ff(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.seq = nn.Sequential(nn.Linear(6, 32), Block(), Block(), nn.Linear(32, 6))

    def forward(self, x):
        return self.seq(x)


LR = 1e-3
STEPS = 2
WRAP_LAYERS = (Block,)
REMAT_LAYERS = (Block,)

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=configure_strategy())
    fabric.launch(train)
