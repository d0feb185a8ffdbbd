# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
"""Molecular property regression (solubility from fingerprint bits) on TPU: train, checkpoint, then warm-start the fine-tune phase from the weights only."""
import os
import tempfile
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

BITS = 256


class DenseBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.SiLU(), nn.Dropout(0.1), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.net(x)


class SolubilityNet(nn.Module):
    def __init__(self, hidden=128, depth=2):
        super().__init__()
        self.inp = nn.Linear(BITS, hidden)
        self.blocks = nn.Sequential(*[DenseBlock(hidden) for _ in range(depth)])
        self.out = nn.Linear(hidden, 1)

    def forward(self, fingerprints):
        return self.out(self.blocks(self.inp(fingerprints))).flatten()


@dataclass
class Resume:
    """What a phase restores from the previous phase's checkpoint."""
    path: str

    def state(self, model, optimizer):
        return {"model": model, "optimizer": optimizer}


@dataclass
class WeightsOnlyResume(Resume):
    """Fine-tuning starts a fresh optimizer: restore the weights only."""

    def state(self, model, optimizer):
        return model


def fingerprints(batch, device):
    bits = (torch.rand(batch, BITS, device=device) < 0.1).float()
    logs = bits[:, :32].sum(dim=1) * 0.3 - bits[:, 32:64].sum(dim=1) * 0.2
    return bits, logs


def fit(fabric, model, optimizer, steps):
    for step in range(steps):
        x, y = fingerprints(32, fabric.device)
        loss = F.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")


def run(fabric, out_dir):
    model = fabric.setup_module(SolubilityNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    fit(fabric, model, optimizer, steps=2)
    pretrain = os.path.join(out_dir, "pretrain")
    fabric.save(pretrain, {"model": model, "optimizer": optimizer})

    finetune_optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9))
    resume = WeightsOnlyResume(path=pretrain)
    fabric.load(resume.path, resume.state(model, finetune_optimizer))
    fit(fabric, model, finetune_optimizer, steps=2)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DenseBlock}))
    fabric.launch(run, tempfile.mkdtemp(prefix="solubility-"))
