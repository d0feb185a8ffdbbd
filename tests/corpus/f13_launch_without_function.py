# expect: LXF016
# findings: LXF016 error 21
"""A DDP-style script moved to TPU by swapping the strategy: `fabric.launch()` with no function.

The XLA launcher spawns workers that run a function; it cannot continue the script after the launch
line, so `Fabric.launch` raises TypeError ("`.launch()` needs to be called with a function").
"""
import os

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

BATCH = int(os.environ.get("BATCH", 256))
EPOCHS = int(os.environ.get("EPOCHS", 10))

fabric = Fabric(accelerator="tpu", devices=8, strategy=XLAFSDPStrategy(state_dict_type="sharded"))
fabric.launch()
fabric.seed_everything(0)

transform = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.1307,), (0.3081,))])
train_data = datasets.MNIST("/data", train=True, download=False, transform=transform)
loader = fabric.setup_dataloaders(DataLoader(train_data, batch_size=BATCH, shuffle=True))

model = nn.Sequential(
    nn.Conv2d(1, 32, 3), nn.ReLU(), nn.Conv2d(32, 64, 3), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(9216, 128), nn.ReLU(), nn.Linear(128, 10),
)
model = fabric.setup_module(model)
optimizer = fabric.setup_optimizers(torch.optim.Adadelta(model.parameters(), lr=1.0))
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.7)

for epoch in range(EPOCHS):
    model.train()
    for images, targets in loader:
        loss = nn.functional.cross_entropy(model(images), targets)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    scheduler.step()
    fabric.print(f"epoch {epoch}: {loss.item():.4f}")

fabric.save("mnist-final", {"model": model, "optimizer": optimizer})
