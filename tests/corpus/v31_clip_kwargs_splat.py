# expect: LXF014
# real: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# findings: LXF014 error 24
"""Gradient clipping settings shared with the GPU recipe, passed as a dict."""
import torch
import torch.nn.functional as F
from torch import nn

import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4))
        self.classifier = nn.Linear(8 * 16, 10)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


TRAIN = {"lr": 0.01, "steps": 2, "batch_size": 8}
CLIP = {"clip_val": 0.5}


def train(fabric):
    model = fabric.setup_module(ConvNet())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=TRAIN["lr"], momentum=0.9))
    for step in range(TRAIN["steps"]):
        images = torch.randn(TRAIN["batch_size"], 1, 28, 28, device=fabric.device)
        labels = torch.randint(0, 10, (TRAIN["batch_size"],), device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, **CLIP)
        optimizer.step()
        optimizer.zero_grad()
        if fabric.is_global_zero:
            print(f"step={step} loss={loss.item():.3f}")


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="tpu", devices="auto", strategy=XLAFSDPStrategy())
    fabric.launch(train)
