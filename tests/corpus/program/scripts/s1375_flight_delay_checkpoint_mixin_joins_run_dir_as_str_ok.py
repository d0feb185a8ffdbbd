# expect: none
# oracle: OK
# twin: s1374_flight_delay_checkpoint_mixin_joins_pathlib_run_dir
"""Flight-delay regression (minutes late from schedule/weather features). Run directories live in a frozen
dataclass derived with `dataclasses.replace`; a checkpoint mixin on the trainer writes one checkpoint per epoch."""
import dataclasses
import tempfile
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_FEAT = 14


@dataclasses.dataclass(frozen=True)
class RunDirs:
    root: Path = Path("runs")
    checkpoints: str = "checkpoints"
    logs: str = "logs"

    @property
    def checkpoint_dir(self) -> Path:
        return self.root / self.checkpoints


class DelayBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, h):
        return h + F.gelu(self.fc(self.norm(h)))


class DelayModel(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.inp = nn.Linear(N_FEAT, dim)
        self.blocks = nn.Sequential(DelayBlock(dim), DelayBlock(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return F.softplus(self.out(self.blocks(self.inp(x)))).squeeze(-1)


class CheckpointMixin:
    def checkpoint_path(self, epoch):
        return str(self.dirs.checkpoint_dir / f"epoch-{epoch:03d}")

    def on_epoch_end(self, epoch):
        super().on_epoch_end(epoch)
        state = {"model": self.model, "optimizer": self.optimizer, "epoch": epoch}
        self.fabric.save(self.checkpoint_path(epoch), state)


class BaseTrainer:
    def __init__(self, fabric, dirs, epochs=2, steps_per_epoch=2):
        self.fabric, self.dirs = fabric, dirs
        self.epochs, self.steps_per_epoch = epochs, steps_per_epoch

    def on_epoch_end(self, epoch):
        self.fabric.print(f"epoch {epoch} done")

    def fit(self):
        self.model = self.fabric.setup_module(DelayModel())
        self.optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=1e-3))
        g = torch.Generator().manual_seed(44)
        for epoch in range(self.epochs):
            for _ in range(self.steps_per_epoch):
                x = torch.randn(16, N_FEAT, generator=g)
                delay = F.relu(10 * x[:, 0] + 5 * x[:, 3])
                x, delay = self.fabric.to_device((x, delay))
                loss = F.smooth_l1_loss(self.model(x), delay)
                self.fabric.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad()
            self.on_epoch_end(epoch)


class Trainer(CheckpointMixin, BaseTrainer):
    pass


def launched(fabric, dirs):
    Trainer(fabric, dirs).fit()


if __name__ == "__main__":
    dirs = dataclasses.replace(RunDirs(), root=Path(tempfile.mkdtemp(prefix="delays-")))
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DelayBlock}))
    fabric.launch(launched, dirs)
