# expect: LXF044
# oracle: RAISED TypeError: Filter should be a dictionary, given <function skip_norm_stats at 0x7efc9e19b060>
"""Lane-marking detector on a TPU host. The script is its own settings object: sweeps patch its upper-case names."""
import os
import sys
import tempfile

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def skip_norm_stats(name: str, value) -> bool:
    """Checkpoint filter: the GroupNorm-free model has no running stats, but older exports did."""
    return "running_" not in name and "num_batches_tracked" not in name


# settings (a sweep runner does `setattr(sys.modules["__main__"], NAME, value)` before main())
ROWS, COLS = 8, 16
STEPS = 4
SAVE_EVERY = 2
SAVE_FILTER = skip_norm_stats

settings = sys.modules[__name__]


class RowBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class LaneDetector(nn.Module):
    """Per image row, predicts which of the COLS columns holds a lane marking."""

    def __init__(self, dim: int = 32):
        super().__init__()
        self.inp = nn.Linear(COLS, dim)
        self.blocks = nn.Sequential(RowBlock(dim), RowBlock(dim))
        self.out = nn.Linear(dim, COLS)

    def forward(self, rows):
        return self.out(self.blocks(self.inp(rows)))


class Checkpointer:
    def __init__(self, fabric, root: str, cfg=settings):
        self.fabric = fabric
        self.root = root
        self.cfg = cfg

    def maybe_save(self, step: int, state: dict) -> None:
        if (step + 1) % self.cfg.SAVE_EVERY == 0:
            path = os.path.join(self.root, f"step-{step + 1:04d}")
            self.fabric.save(path, state, filter=self.cfg.SAVE_FILTER)
            self.fabric.print(f"saved {path}")


def road_rows(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    lane = torch.randint(0, COLS, (batch, ROWS), generator=gen)
    image = 0.2 * torch.rand(batch, ROWS, COLS, generator=gen)
    image.scatter_(2, lane.unsqueeze(-1), 1.0)
    return image, lane


def train(fabric, out_dir: str):
    model = fabric.setup_module(LaneDetector())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    ckpt = Checkpointer(fabric, out_dir)
    for step in range(settings.STEPS):
        image, lane = road_rows(4, seed=step)
        logits = model(image.to(fabric.device))
        loss = F.cross_entropy(logits.reshape(-1, COLS), lane.reshape(-1).to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        ckpt.maybe_save(step, {"model": model, "optimizer": optimizer, "step": step + 1})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={RowBlock}))
    fabric.launch(train, tempfile.mkdtemp(prefix="lanes_"))
