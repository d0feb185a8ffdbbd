# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.ConvBlock'>,). You can try defining and passing
# findings: LXF001 error 33
"""A hand-written config class (no dataclass): keyword defaults in __init__, stored on self."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class ConvBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.norm = nn.BatchNorm2d(channels)

    def forward(self, x):
        return x + F.relu(self.norm(self.conv(x)))


class TrainConfig:
    def __init__(self, channels=8, blocks=2, lr=1e-3, steps=2, remat=(ConvBlock,), wrap=None):
        self.channels = channels
        self.blocks = blocks
        self.lr = lr
        self.steps = steps
        self.remat = remat
        self.wrap = wrap if wrap is not None else {ConvBlock}

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap, activation_checkpointing_policy=self.remat)


def build_model(cfg):
    layers = [nn.Conv2d(3, cfg.channels, 3, padding=1)]
    layers += [ConvBlock(cfg.channels) for _ in range(cfg.blocks)]
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cfg.channels, 10)]
    return nn.Sequential(*layers)


def fit(fabric, cfg):
    model = fabric.setup_module(build_model(cfg))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        images = torch.randn(2, 3, 8, 8, device=fabric.device)
        labels = torch.randint(0, 10, (2,), device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = TrainConfig(channels=8)
    fabric = Fabric(accelerator="tpu", strategy=cfg.strategy())
    fabric.launch(fit, cfg)
