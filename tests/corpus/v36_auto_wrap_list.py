# expect: LXF028
# real: RAISED TypeError: 'list' object is not callable
# findings: LXF028 error 48
"""Wrap each residual block in its own FSDP unit (ported from a CUDA FSDP config that listed the layers)."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class ResBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)
        self.bn = nn.BatchNorm2d(ch)

    def forward(self, x):
        return F.relu(x + self.bn(self.conv2(F.relu(self.conv1(x)))))


class ResNetTiny(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, 16, 3, padding=1)
        self.layers = nn.Sequential(ResBlock(16), ResBlock(16))
        self.fc = nn.Linear(16, classes)

    def forward(self, x):
        return self.fc(self.layers(self.stem(x)).mean((2, 3)))


def train(fabric):
    model = fabric.setup_module(ResNetTiny())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1, nesterov=True, momentum=0.9))
    for _ in range(2):
        x = torch.randn(4, 3, 16, 16, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 10, (4,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    wrap_layers = [ResBlock]
    strategy = XLAFSDPStrategy(auto_wrap_policy=wrap_layers, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
