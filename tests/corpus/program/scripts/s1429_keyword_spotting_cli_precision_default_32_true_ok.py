# expect: none
# oracle: OK
# twin: s1428_keyword_spotting_cli_precision_default_bf16_mixed
"""Keyword spotting on log-mel spectrogram frames (synthetic "yes"/"no"/"stop"/noise clips) with a small CNN, on TPU."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, Dataset

KEYWORDS = ["_noise_", "yes", "no", "stop"]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--n-mels", type=int, default=32)
    p.add_argument("--frames", type=int, default=40)
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--accumulate", type=int, default=2, help="micro-batches per optimizer step")
    p.add_argument("--steps", type=int, default=6)
    p.add_argument("--precision", default="32-true", help="Fabric precision setting")
    return p.parse_args()


class SyntheticKeywords(Dataset):
    """Each keyword is a formant-like band pattern over time; noise clips are flat."""

    def __init__(self, n, n_mels, frames, seed=0):
        gen = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, len(KEYWORDS), (n,), generator=gen)
        t = torch.linspace(0, 1, frames)
        mels = torch.arange(n_mels).float()[:, None]
        clips = []
        for label in self.labels.tolist():
            center = 4 + 7 * label + 3 * torch.sin(2 * torch.pi * (label + 1) * t)
            band = torch.exp(-((mels - center) ** 2) / 6) * float(label > 0)
            clips.append(torch.log1p(band + 0.1 * torch.rand(n_mels, frames, generator=gen)))
        self.clips = torch.stack(clips).unsqueeze(1)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.clips[idx], self.labels[idx]


class ConvBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm = nn.BatchNorm2d(cout)

    def forward(self, x):
        return F.max_pool2d(F.relu(self.norm(self.conv(x))), 2)


class KWSNet(nn.Module):
    def __init__(self, num_classes=len(KEYWORDS)):
        super().__init__()
        self.features = nn.Sequential(ConvBlock(1, 16), ConvBlock(16, 32))
        self.classifier = nn.Linear(32, num_classes)

    def forward(self, spec):
        return self.classifier(self.features(spec).mean(dim=(2, 3)))


def build_fabric(args):
    strategy = XLAFSDPStrategy(auto_wrap_policy={ConvBlock})
    return Fabric(accelerator="tpu", strategy=strategy, precision=args.precision)


def train(fabric, args):
    loader = DataLoader(SyntheticKeywords(128, args.n_mels, args.frames), batch_size=args.batch_size, shuffle=True)
    loader = fabric.setup_dataloaders(loader)
    model = fabric.setup_module(KWSNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    batches = iter(loader)
    for step in range(args.steps):
        spec, label = next(batches)
        is_accumulating = (step + 1) % args.accumulate != 0
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            loss = F.cross_entropy(model(spec), label)
            fabric.backward(loss / args.accumulate)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    args = parse_args()
    fabric = build_fabric(args)
    fabric.launch(train, args)
