# expect: LXF008
# oracle: RAISED TypeError: The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found <lightning.fabric.plugins.precision.half.HalfP
"""Protein family classifier over one-hot amino-acid windows; a `for_tpu` classmethod builds the run setup, a staticmethod picks the precision plugin."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import HalfPrecision, MixedPrecision, XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWY"


class ResidueMixer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(x)))


class FamilyClassifier(nn.Module):
    def __init__(self, window=16, dim=64, families=6):
        super().__init__()
        self.inp = nn.Linear(window * len(AMINO_ACIDS), dim)
        self.mixers = nn.Sequential(ResidueMixer(dim), ResidueMixer(dim))
        self.out = nn.Linear(dim, families)

    def forward(self, onehot):
        return self.out(self.mixers(self.inp(onehot.flatten(1))))


def random_windows(batch, window=16, families=6):
    residues = torch.randint(0, len(AMINO_ACIDS), (batch, window))
    return F.one_hot(residues, len(AMINO_ACIDS)).float(), torch.randint(0, families, (batch,))


@dataclass
class RunSetup:
    accelerator: str
    strategy: object
    steps: int = 3

    @staticmethod
    def precision_plugin(device_type: str, dtype: str = "bf16"):
        if device_type == "cuda":
            return MixedPrecision(f"{dtype}-mixed", device="cuda")
        return HalfPrecision(f"{dtype}-true")

    @classmethod
    def for_tpu(cls, **kwargs):
        strategy = XLAFSDPStrategy(auto_wrap_policy={ResidueMixer}, precision=cls.precision_plugin("tpu"))
        return cls(accelerator="tpu", strategy=strategy, **kwargs)

    def fabric(self):
        return Fabric(accelerator=self.accelerator, strategy=self.strategy)


def train(fabric, steps):
    model = fabric.setup_module(FamilyClassifier())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        x, y = fabric.to_device(random_windows(16))
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    run = RunSetup.for_tpu(steps=3)
    run.fabric().launch(train, run.steps)
