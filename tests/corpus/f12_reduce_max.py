# expect: LXF027
# findings: LXF027 error 38
"""Tracks the worst loss across TPU cores with `all_reduce(..., reduce_op="max")`: XLAFSDPStrategy
supports only sum, mean and avg, and raises ValueError at the first logging step.
"""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(),
            nn.Conv2d(64, 128, 3, padding=1), nn.BatchNorm2d(128), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(128, 256, 3, padding=1), nn.BatchNorm2d(256), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(256, 100)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def train(fabric):
    model = fabric.setup_module(ConvNet())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9))
    for step in range(5000):
        images = torch.randn(128, 3, 32, 32, device=fabric.device)
        labels = torch.randint(0, 100, (128,), device=fabric.device)
        loss = nn.functional.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % 100 == 0:
            mean_loss = fabric.all_reduce(loss.detach(), reduce_op="mean")
            worst = fabric.all_reduce(loss.detach(), reduce_op="max")
            fabric.print(f"step {step}: mean {mean_loss.item():.3f} worst {worst.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices=8, strategy=XLAFSDPStrategy(), precision="bf16-true")
    fabric.launch(train)
