# expect: none
# findings: none
"""A DDP script on GPUs: joint `fabric.setup(model, optimizer)`, clipping by value, `fabric.load(path)`
returning the whole checkpoint, the device used right after `fabric.launch()` and a max all-reduce are
all fine outside XLA FSDP."""
import os

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from torchvision.models import resnet18

fabric = Fabric(accelerator="cuda", devices=4, strategy="ddp", precision="bf16-mixed")
fabric.launch()
fabric.seed_everything(42)

model = resnet18(num_classes=100)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=5e-4)
model, optimizer = fabric.setup(model, optimizer)
start_epoch = 0
if os.path.exists("last.ckpt"):
    checkpoint = fabric.load("last.ckpt")
    model.load_state_dict(checkpoint["model"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    start_epoch = checkpoint["epoch"] + 1

accumulate = 2
for epoch in range(start_epoch, 30):
    for i in range(200):
        images = torch.randn(128, 3, 32, 32, device=fabric.device)
        labels = torch.randint(0, 100, (128,), device=fabric.device)
        with fabric.no_backward_sync(model, enabled=(i + 1) % accumulate != 0):
            loss = nn.functional.cross_entropy(model(images), labels)
            fabric.backward(loss)
        if (i + 1) % accumulate == 0:
            fabric.clip_gradients(model, optimizer, clip_val=1.0)
            optimizer.step()
            optimizer.zero_grad()
    worst = fabric.all_reduce(loss.detach(), reduce_op="max")
    fabric.print(f"epoch {epoch}: worst loss {worst.item():.3f}")
    fabric.save("last.ckpt", {"model": model, "optimizer": optimizer, "epoch": epoch})
