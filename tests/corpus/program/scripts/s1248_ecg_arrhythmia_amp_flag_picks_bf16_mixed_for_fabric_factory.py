# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""ECG arrhythmia classifier (single-lead, 2 s windows at 125 Hz); `--amp/--no-amp` chooses the precision."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CLASSES = ("normal", "afib", "pvc", "other")
WINDOW = 250


class BeatBlock(nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc = nn.Linear(width, width)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class ECGNet(nn.Module):
    def __init__(self, width: int = 64):
        super().__init__()
        self.stem = nn.Linear(WINDOW, width)
        self.blocks = nn.Sequential(BeatBlock(width), BeatBlock(width))
        self.head = nn.Linear(width, len(CLASSES))

    def forward(self, ecg):
        return self.head(self.blocks(self.stem(ecg)))


def make_fabric(*, precision="32-true", devices="auto", **strategy_options):
    """The project's one place that builds a Fabric: TPU, XLA FSDP, everything else from the caller."""
    return Fabric(accelerator="tpu", devices=devices, precision=precision, strategy=XLAFSDPStrategy(**strategy_options))


def windows(batch: int):
    label = torch.randint(0, len(CLASSES), (batch,))
    t = torch.arange(WINDOW).float() / 125
    rate = 1.0 + 0.4 * label.float().unsqueeze(1)
    ecg = torch.sin(2 * torch.pi * rate * t) ** 15 + 0.05 * torch.randn(batch, WINDOW)
    return ecg, label


def train(fabric, steps):
    model = fabric.setup_module(ECGNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        ecg, label = windows(32)
        loss = F.cross_entropy(model(ecg.to(fabric.device)), label.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--amp", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--steps", type=int, default=3)
    args = parser.parse_args()
    precision = "bf16-mixed" if args.amp else "32-true"
    fabric = make_fabric(precision=precision, auto_wrap_policy={BeatBlock})
    fabric.launch(train, args.steps)


if __name__ == "__main__":
    main()
