# expect: LXF012
# findings: LXF012 error 35
"""ViT on ImageNet with XLA FSDP, written the way the Fabric docs show for DDP.

`fabric.setup(model, optimizer)` with an optimizer: XLAFSDPStrategy raises NotImplementedError
("does not support the joint setup of module and optimizer(s)").
"""
import argparse

import timm
import torch
import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy
from timm.models.vision_transformer import Block
from torch.utils.data import DataLoader
from torchvision import datasets, transforms


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--data", default="gs://my-bucket/imagenet")
    p.add_argument("--epochs", type=int, default=90)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--batch-size", type=int, default=256)
    return p.parse_args()


def worker(fabric: L.Fabric, args):
    tf = transforms.Compose([transforms.RandomResizedCrop(224), transforms.ToTensor()])
    train_set = datasets.ImageFolder(f"{args.data}/train", transform=tf)
    loader = fabric.setup_dataloaders(DataLoader(train_set, batch_size=args.batch_size, num_workers=8))

    model = timm.create_model("vit_base_patch16_224", num_classes=1000)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.05)
    model, optimizer = fabric.setup(model, optimizer)

    loss_fn = torch.nn.CrossEntropyLoss()
    for epoch in range(args.epochs):
        for images, targets in loader:
            optimizer.zero_grad()
            loss = loss_fn(model(images), targets)
            fabric.backward(loss)
            optimizer.step()
        fabric.print(f"epoch {epoch}: loss={loss.item():.3f}")
        fabric.save(f"checkpoints/epoch-{epoch}", {"model": model, "optimizer": optimizer, "epoch": epoch})


if __name__ == "__main__":
    args = get_args()
    fabric = L.Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block}),
    )
    fabric.launch(worker, args)
