# expect: none
# oracle: OK
# twin: s1142_ecg_classifier_json_object_hook_clip_mode_value
"""Arrhythmia classification of single-lead ECG windows; the JSON run spec is parsed into nested namespaces."""
import json
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

RUN_SPEC = """
{
  "signal": {"length": 128, "classes": 4},
  "net": {"channels": 32, "stages": 3},
  "optim": {"lr": 0.001, "steps": 3, "batch": 16,
            "clip": {"mode": "norm", "threshold": 0.5}}
}
"""


def parse_spec(text):
    return json.loads(text, object_hook=lambda d: SimpleNamespace(**d))


class Stage(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 7, padding=3)
        self.norm = nn.GroupNorm(8, channels)

    def forward(self, x):
        return x + F.gelu(self.norm(self.conv(x)))


class ECGNet(nn.Module):
    def __init__(self, channels, stages, classes):
        super().__init__()
        self.stem = nn.Conv1d(1, channels, 7, padding=3)
        self.stages = nn.Sequential(*(Stage(channels) for _ in range(stages)))
        self.head = nn.Linear(channels, classes)

    def forward(self, ecg):
        return self.head(self.stages(self.stem(ecg)).mean(-1))


def ecg_windows(batch, length, classes, step):
    gen = torch.Generator().manual_seed(step)
    rhythm = torch.randint(0, classes, (batch,), generator=gen)
    t = torch.linspace(0, 1, length)
    beats = torch.sin(2 * torch.pi * (3 + rhythm[:, None]) * t)  # faster rhythm per class
    return (beats + 0.1 * torch.randn(batch, length, generator=gen)).unsqueeze(1), rhythm


def clip(fabric, model, optimizer, spec):
    """Clip the gradients as the run spec says."""
    if spec.mode == "value":
        return fabric.clip_gradients(model, optimizer, clip_val=spec.threshold)
    return fabric.clip_gradients(model, optimizer, max_norm=spec.threshold)


def train(fabric, spec):
    sig, o = spec.signal, spec.optim
    model = fabric.setup_module(ECGNet(spec.net.channels, spec.net.stages, sig.classes))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=o.lr))
    for step in range(o.steps):
        ecg, rhythm = ecg_windows(o.batch, sig.length, sig.classes, step)
        loss = F.cross_entropy(model(ecg.to(fabric.device)), rhythm.to(fabric.device))
        fabric.backward(loss)
        clip(fabric, model, optimizer, o.clip)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Stage}))
    fabric.launch(train, parse_spec(RUN_SPEC))
