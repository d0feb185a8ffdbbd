# expect: LXF025
# oracle: RAISED ValueError: Found a XLAFSDP model in the provided checkpoint state. Please provide the model without any XLAFSDP wrapper.
"""Pavement crack detector (small CNN over 32x32 road-surface patches), fine-tuned on a TPU host from the consolidated
checkpoint the pretraining job exported; a `FinetuneJob` object owns the model, its restore and its loop."""
import os
import tempfile
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ConvUnit(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, 3, padding=1)
        self.norm = nn.BatchNorm2d(c_out)

    def forward(self, x):
        return F.max_pool2d(F.relu(self.norm(self.conv(x))), 2)


class CrackNet(nn.Module):
    """Crack / no crack, from a grey-level patch."""

    def __init__(self, width=16):
        super().__init__()
        self.features = nn.Sequential(ConvUnit(1, width), ConvUnit(width, 2 * width), ConvUnit(2 * width, 2 * width))
        self.head = nn.Linear(2 * width * 4 * 4, 2)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def road_patches(n, generator):
    """Asphalt texture; half the patches get a thin dark crack along a random line."""
    patches = 0.5 + 0.1 * torch.randn(n, 1, 32, 32, generator=generator)
    labels = torch.randint(0, 2, (n,), generator=generator)
    rows = torch.arange(32)
    for i in torch.nonzero(labels).flatten().tolist():
        slope = torch.rand(1, generator=generator).item() * 2 - 1
        offset = torch.randint(4, 28, (1,), generator=generator).item()
        cols = (offset + slope * (rows - 16)).round().long().clamp(0, 31)
        patches[i, 0, rows, cols] = 0.1
    return patches, labels


@dataclass
class JobConfig:
    pretrained: str
    width: int = 16
    steps: int = 3
    batch_size: int = 16
    lr: float = 5e-4


class FinetuneJob:
    def __init__(self, fabric, cfg: JobConfig):
        self.fabric = fabric
        self.cfg = cfg
        self.model = None
        self.optimizer = None

    def build_model(self):
        return CrackNet(self.cfg.width)

    def restore(self):
        """Warm start: the pretraining job wrote one consolidated state dict."""
        if os.path.isfile(self.cfg.pretrained):
            self.fabric.load(self.cfg.pretrained, {"model": self.model})
            self.fabric.print(f"warm-started from {self.cfg.pretrained}")

    def prepare(self):
        self.model = self.fabric.setup_module(self.build_model())
        self.restore()
        self.optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.cfg.lr))

    def fit(self):
        gen = torch.Generator().manual_seed(self.fabric.global_rank)
        for step in range(self.cfg.steps):
            x, y = road_patches(self.cfg.batch_size, gen)
            x, y = x.to(self.fabric.device), y.to(self.fabric.device)
            loss = F.cross_entropy(self.model(x), y)
            self.fabric.backward(loss)
            self.fabric.clip_gradients(self.model, self.optimizer, max_norm=1.0)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.fabric.print(f"step {step}: loss {loss.item():.4f}")


def export_pretrained(path, width):
    """Stands in for the pretraining run's export: `{"model": state_dict}` in one file."""
    torch.save({"model": CrackNet(width).state_dict()}, path)


def run(fabric, cfg):
    job = FinetuneJob(fabric, cfg)
    job.prepare()
    job.fit()


if __name__ == "__main__":
    work_dir = tempfile.mkdtemp(prefix="cracks-")
    cfg = JobConfig(pretrained=os.path.join(work_dir, "cracknet-pretrained.pt"))
    export_pretrained(cfg.pretrained, cfg.width)
    strategy = XLAFSDPStrategy(auto_wrap_policy={ConvUnit}, state_dict_type="full")
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(run, cfg)
