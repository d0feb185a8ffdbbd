# expect: LXF011
# oracle: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
"""Environmental-sound classifier (1-D CNN over raw waveforms); `main(mode=...)` picks the backend through `build_fabric` and `strategy_for`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import DDPStrategy, XLAFSDPStrategy
from torch import nn

ACCELERATORS = {"gpu": "cuda", "tpu": "tpu"}
CLASSES = 5


class ConvStage(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 9, stride=4, padding=4)
        self.norm = nn.BatchNorm1d(cout)

    def forward(self, x):
        return F.relu(self.norm(self.conv(x)))


class WaveClassifier(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.stages = nn.Sequential(ConvStage(1, width), ConvStage(width, width), ConvStage(width, 2 * width))
        self.head = nn.Linear(2 * width, CLASSES)

    def forward(self, wave):
        return self.head(self.stages(wave).mean(dim=-1))


def strategy_for(mode):
    if mode == "tpu":
        return XLAFSDPStrategy(accelerator=XLAAccelerator(), auto_wrap_policy={ConvStage})
    return DDPStrategy(find_unused_parameters=False)


def build_fabric(mode):
    return Fabric(accelerator=ACCELERATORS[mode], strategy=strategy_for(mode))


def synthetic_clips(batch, device):
    labels = torch.randint(0, CLASSES, (batch,), device=device)
    t = torch.linspace(0, 1, 1024, device=device)
    wave = torch.sin(2 * torch.pi * (100 + 80 * labels.unsqueeze(1)) * t) + 0.2 * torch.randn(batch, 1024, device=device)
    return wave.unsqueeze(1), labels


def train(fabric, steps):
    model = fabric.setup_module(WaveClassifier())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        wave, labels = synthetic_clips(16, fabric.device)
        loss = F.cross_entropy(model(wave), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


def main(mode, steps=3):
    fabric = build_fabric(mode)
    fabric.launch(train, steps)


if __name__ == "__main__":
    main(mode="tpu")
