# expect: none
# oracle: OK
# twin: s1420_flower_cnn_build_helper_sets_up_model_and_optimizer_together
"""Small ResNet-style flower classifier on 32x32 crops (synthetic stand-in data), trained with Fabric on a TPU VM."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

NUM_CLASSES = 5


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--width", type=int, default=16)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--weight-decay", type=float, default=5e-4)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--num-images", type=int, default=64)
    return parser.parse_args(argv)


class ResidualBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        return F.relu(x + self.bn2(self.conv2(out)))


class FlowerNet(nn.Module):
    def __init__(self, width, num_classes=NUM_CLASSES):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1, bias=False), nn.BatchNorm2d(width), nn.ReLU())
        self.stage1 = ResidualBlock(width)
        self.down = nn.Conv2d(width, 2 * width, 3, stride=2, padding=1)
        self.stage2 = ResidualBlock(2 * width)
        self.head = nn.Linear(2 * width, num_classes)

    def forward(self, images):
        x = self.stage2(self.down(self.stage1(self.stem(images))))
        return self.head(x.mean(dim=(2, 3)))


def make_dataset(n, seed=0):
    gen = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, NUM_CLASSES, (n,), generator=gen)
    images = torch.randn(n, 3, 32, 32, generator=gen) * 0.5
    images[:, labels % 3] += labels.view(-1, 1, 1, 1).float() / NUM_CLASSES  # a learnable color cue
    return TensorDataset(images, labels)


def build_training_objects(fabric, args):
    """Model, optimizer and loaders, all moved onto the TPU by Fabric."""
    model = fabric.setup_module(FlowerNet(args.width))
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=args.weight_decay)
    optimizer = fabric.setup_optimizers(optimizer)
    train_loader = DataLoader(make_dataset(args.num_images), batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(make_dataset(args.num_images // 2, seed=1), batch_size=args.batch_size)
    train_loader, val_loader = fabric.setup_dataloaders(train_loader, val_loader)
    return model, optimizer, train_loader, val_loader


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = total = 0
    for images, labels in loader:
        correct += (model(images).argmax(-1) == labels).sum().item()
        total += labels.numel()
    model.train()
    return correct / max(total, 1)


def train(fabric, args):
    fabric.seed_everything(42)
    model, optimizer, train_loader, val_loader = build_training_objects(fabric, args)
    for epoch in range(args.epochs):
        for images, labels in train_loader:
            loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()
        fabric.print(f"epoch {epoch}: loss {loss.item():.3f} val acc {evaluate(model, val_loader):.2%}")


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualBlock}))
    fabric.launch(train, args)
