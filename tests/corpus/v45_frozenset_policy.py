# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found frozenset({<class '__main__.Block'>}). You can try defining and p
# findings: LXF001 error 41
"""Immutable layer sets at module level, so no job can mutate them by accident."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.ff(self.norm(x))


WRAP_LAYERS = frozenset({Block})
REMAT_LAYERS = frozenset({Block})


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(6, 32), Block(), Block(), nn.Linear(32, 6)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(4, 6, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=set(WRAP_LAYERS),
        activation_checkpointing_policy=REMAT_LAYERS,
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
