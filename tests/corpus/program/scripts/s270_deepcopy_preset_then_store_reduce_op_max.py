# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
"""python train.py: each run starts from a deep copy of the default preset and changes a field or two."""
import copy

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


class Preset:
    def __init__(self):
        self.lr = 1e-3
        self.steps = 2
        self.loss_reduce = "mean"


DEFAULT = Preset()


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        reduced = fabric.all_reduce(loss.detach(), reduce_op=cfg.loss_reduce)
        fabric.print(f"loss {reduced.item():.3f}")


if __name__ == "__main__":
    cfg = copy.deepcopy(DEFAULT)
    cfg.loss_reduce = "max"  # report the worst replica's loss
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
