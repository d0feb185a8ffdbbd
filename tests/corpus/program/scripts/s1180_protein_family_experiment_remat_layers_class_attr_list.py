# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.ResidueConvBlock'>]. You can try defining and p
"""Protein-family classifier over one-hot residue windows; the sharding set-up lives in an abstract ShardedExperiment."""
import abc
from functools import cached_property

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

AMINO_ACIDS = 20
WINDOW = 64
FAMILIES = 5


class ResidueConvBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size=5, padding=2)
        self.norm = nn.BatchNorm1d(channels)

    def forward(self, x):
        return x + F.gelu(self.norm(self.conv(x)))


class ProteinFamilyNet(nn.Module):
    def __init__(self, channels=32):
        super().__init__()
        self.stem = nn.Conv1d(AMINO_ACIDS, channels, kernel_size=1)
        self.blocks = nn.Sequential(*(ResidueConvBlock(channels) for _ in range(3)))
        self.head = nn.Linear(channels, FAMILIES)

    def forward(self, onehot):
        h = self.blocks(self.stem(onehot))
        return self.head(h.mean(dim=-1))


class ShardedExperiment(abc.ABC):
    """Template: subclasses say which layers to shard and to rematerialise, and how to build model and data."""

    WRAP_LAYERS = ()
    REMAT_LAYERS = ()
    steps = 3

    @cached_property
    def strategy(self):
        kwargs = {}
        if self.WRAP_LAYERS:
            kwargs["auto_wrap_policy"] = set(self.WRAP_LAYERS)
        if self.REMAT_LAYERS:
            kwargs["activation_checkpointing_policy"] = self.REMAT_LAYERS
        return XLAFSDPStrategy(**kwargs)

    @abc.abstractmethod
    def build_model(self) -> nn.Module: ...

    @abc.abstractmethod
    def sample_batch(self, size): ...

    def fit(self, fabric):
        model = fabric.setup_module(self.build_model())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-3))
        for step in range(self.steps):
            x, y = fabric.to_device(self.sample_batch(16))
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"[{type(self).__name__}] step {step} loss {loss.item():.3f}")

    def run(self):
        fabric = Fabric(accelerator="tpu", strategy=self.strategy)
        fabric.launch(self.fit)


class ProteinFamilyExperiment(ShardedExperiment):
    WRAP_LAYERS = [ResidueConvBlock]
    REMAT_LAYERS = [ResidueConvBlock]

    def build_model(self):
        return ProteinFamilyNet()

    def sample_batch(self, size):
        residues = torch.randint(0, AMINO_ACIDS, (size, WINDOW))
        onehot = F.one_hot(residues, AMINO_ACIDS).float().transpose(1, 2)
        return onehot, torch.randint(0, FAMILIES, (size,))


if __name__ == "__main__":
    ProteinFamilyExperiment().run()
