# expect: LXF003
# findings: LXF003 error 41
"""Gradient accumulation on TPU, ported from a DDP script.

`fabric.strategy.no_backward_sync` does not exist (AttributeError on the first micro-batch):
the API is `fabric.no_backward_sync(model, enabled=...)`.
"""
import os

import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torchvision.datasets import CIFAR10
from torchvision.models import resnet50
import torchvision.transforms as T

ACCUMULATE = 4
EPOCHS = int(os.environ.get("EPOCHS", 3))


def make_loader(batch_size=128):
    transform = T.Compose([T.RandomCrop(32, padding=4), T.RandomHorizontalFlip(), T.ToTensor()])
    dataset = CIFAR10(root="/data/cifar10", train=True, download=False, transform=transform)
    return torch.utils.data.DataLoader(dataset, batch_size=batch_size, shuffle=True, num_workers=4, drop_last=True)


def main(fabric):
    model = resnet50(num_classes=10)
    model = fabric.setup_module(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, nesterov=True)
    optimizer = fabric.setup_optimizers(optimizer)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)
    loader = fabric.setup_dataloaders(make_loader())
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)

    for epoch in range(EPOCHS):
        model.train()
        for i, (images, labels) in enumerate(loader):
            is_accumulating = (i + 1) % ACCUMULATE != 0
            with fabric.strategy.no_backward_sync(model, enabled=is_accumulating):
                loss = criterion(model(images), labels) / ACCUMULATE
                fabric.backward(loss)
            if not is_accumulating:
                fabric.clip_gradients(model, optimizer, max_norm=5.0)
                optimizer.step()
                optimizer.zero_grad()
        scheduler.step()
        fabric.print(f"epoch {epoch} done, last loss {loss.item() * ACCUMULATE:.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices=8, strategy=XLAFSDPStrategy(state_dict_type="full"))
    fabric.launch(main)
