# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found <function checkpoint_policy at 0x7f0c50132d40>. You can try defin
# findings: LXF001 error 51
"""Checkpoint only the large blocks: a policy function decides per module, as in the FSDP docs."""
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
    def __init__(self, widths=(32, 32)):
        super().__init__()
        self.inp = nn.Linear(8, widths[0])
        self.blocks = nn.Sequential(*[Block(w) for w in widths])
        self.out = nn.Linear(widths[-1], 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))


def checkpoint_policy(module, recurse, unwrapped_params, min_params=1000):
    if recurse:
        return True
    return isinstance(module, Block) and unwrapped_params >= min_params


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
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=checkpoint_policy)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
