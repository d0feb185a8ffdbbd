# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
"""Aqueous-solubility regression from 64-bit molecular fingerprints; `setup()` fills the module's CONFIG before training."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CONFIG = {
    "bits": 64,
    "molecules": 96,
    "steps": 3,
    "lr": 1e-3,
    # keep the whole (small) fingerprint table on the accelerator instead of copying every batch
    "stage_on_device": True,
    "data": None,
}


def fingerprints(n, bits, seed=0):
    gen = torch.Generator().manual_seed(seed)
    fp = (torch.rand(n, bits, generator=gen) < 0.2).float()
    weights = torch.linspace(-1, 1, bits)
    log_s = fp @ weights + 0.1 * torch.randn(n, generator=gen)
    return fp, log_s


def setup(fabric, **overrides):
    """Apply overrides, then build the data set once for the whole run."""
    CONFIG.update(overrides)
    fp, log_s = fingerprints(CONFIG["molecules"], CONFIG["bits"])
    if CONFIG["stage_on_device"]:
        fp, log_s = fabric.to_device((fp, log_s))
    CONFIG["data"] = (fp, log_s)


class DenseBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + F.relu(self.fc(self.norm(x)))


class SolubilityNet(nn.Module):
    def __init__(self, bits, dim=48):
        super().__init__()
        self.inp = nn.Linear(bits, dim)
        self.blocks = nn.Sequential(DenseBlock(dim), DenseBlock(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, fp):
        return self.out(self.blocks(self.inp(fp))).squeeze(-1)


def train(fabric):
    model = fabric.setup_module(SolubilityNet(CONFIG["bits"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=CONFIG["lr"]))
    fp, log_s = fabric.to_device(CONFIG["data"])
    for step in range(CONFIG["steps"]):
        loss = F.mse_loss(model(fp), log_s)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={DenseBlock}))
    setup(fabric, steps=3)
    fabric.launch(train)
