# expect: FSDP007
# real: RAISED ValueError: `precision='16-mixed'` does not use a scaler, found <torch.distributed.fsdp.sharded_grad_scaler.ShardedGradScaler object
# findings: FSDP007 error 36
"""fp16 mixed precision with a custom grad scaler (lower initial scale for a model that overflows
early). In lightning 2.6.6 `FSDPPrecision` raises for any `scaler` it is given."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.plugins import FSDPPrecision
from lightning.fabric.strategies import FSDPStrategy
from torch.distributed.fsdp.sharded_grad_scaler import ShardedGradScaler


class ConvBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.norm = nn.BatchNorm2d(channels)

    def forward(self, x):
        return x + torch.relu(self.norm(self.conv(x)))


class Net(nn.Module):
    def __init__(self, channels=256, depth=16):
        super().__init__()
        self.stem = nn.Conv2d(3, channels, 3, padding=1)
        self.blocks = nn.Sequential(*[ConvBlock(channels) for _ in range(depth)])
        self.head = nn.Linear(channels, 1000)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean((2, 3)))


def main():
    precision = FSDPPrecision("16-mixed", scaler=ShardedGradScaler(init_scale=2.0**10))
    strategy = FSDPStrategy(auto_wrap_policy={ConvBlock}, precision=precision)
    fabric = Fabric(accelerator="cuda", devices=8, strategy=strategy)
    fabric.launch()
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9))
    for step in range(100):
        images = torch.randn(32, 3, 64, 64, device=fabric.device)
        labels = torch.randint(0, 1000, (32,), device=fabric.device)
        loss = nn.functional.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
