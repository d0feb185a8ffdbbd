# expect: LXF008
# oracle: RAISED TypeError: The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found <lightning.fabric.plugins.precision.half.HalfP
"""Protein secondary-structure tagger (helix/strand/coil per residue); the precision plugin is imported by dotted path."""
import importlib

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWY"
STATES = ("helix", "strand", "coil")

# target -> (module, class) of the precision plugin; the table is shared with the GPU launcher
PRECISION_PLUGINS = {
    "gpu": ("lightning.fabric.plugins.precision.half", "HalfPrecision"),
    "tpu": ("lightning.fabric.plugins.precision.half", "HalfPrecision"),
}


class ResidueMixer(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Tagger(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.embed = nn.Embedding(len(AMINO_ACIDS), dim)
        self.mixers = nn.Sequential(ResidueMixer(dim), ResidueMixer(dim))
        self.head = nn.Linear(dim, len(STATES))

    def forward(self, residues):
        return self.head(self.mixers(self.embed(residues)))


def load_precision_plugin(target: str, precision: str):
    module_name, class_name = PRECISION_PLUGINS[target]
    plugin_cls = getattr(importlib.import_module(module_name), class_name)
    return plugin_cls(precision)


def make_strategy(target: str) -> XLAFSDPStrategy:
    return XLAFSDPStrategy(
        auto_wrap_policy={ResidueMixer},
        precision=load_precision_plugin(target, "bf16-true"),
    )


def train(fabric, steps: int = 3):
    model = fabric.setup_module(Tagger())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        gen = torch.Generator().manual_seed(step)
        residues = torch.randint(0, len(AMINO_ACIDS), (4, 24), generator=gen)
        states = torch.randint(0, len(STATES), (4, 24), generator=gen)
        logits = model(residues.to(fabric.device))
        loss = F.cross_entropy(logits.reshape(-1, len(STATES)).float(), states.reshape(-1).to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=make_strategy("tpu"))
    fabric.launch(train)
