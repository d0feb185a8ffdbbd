# expect: none
# oracle: OK
# twin: s1282_torchvision_reference_evaluate_resume_loads_without_state
"""Port of torchvision's classification reference (train.py) to Fabric on a TPU VM: train a tiny ResNet-ish model, write `model_{epoch}` checkpoints, then `--test-only --resume` the last one."""
import argparse
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class BasicBlock(nn.Module):
    def __init__(self, planes):
        super().__init__()
        self.conv1 = nn.Conv2d(planes, planes, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        return F.relu(x + self.bn2(self.conv2(out)))


class TinyResNet(nn.Module):
    def __init__(self, num_classes=5, width=8):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 3, padding=1, bias=False), nn.BatchNorm2d(width), nn.ReLU())
        self.layer1 = BasicBlock(width)
        self.fc = nn.Linear(width, num_classes)

    def forward(self, x):
        return self.fc(F.adaptive_avg_pool2d(self.layer1(self.stem(x)), 1).flatten(1))


def get_args_parser(add_help=True):
    parser = argparse.ArgumentParser(description="PyTorch Classification Training (Fabric/TPU)", add_help=add_help)
    parser.add_argument("--batch-size", default=16, type=int)
    parser.add_argument("--epochs", default=2, type=int)
    parser.add_argument("--lr", default=0.1, type=float)
    parser.add_argument("--momentum", default=0.9, type=float)
    parser.add_argument("--wd", "--weight-decay", default=1e-4, type=float, dest="weight_decay")
    parser.add_argument("--label-smoothing", default=0.1, type=float)
    parser.add_argument("--output-dir", default=None, type=str)
    parser.add_argument("--resume", default="", type=str)
    parser.add_argument("--start-epoch", default=0, type=int)
    parser.add_argument("--test-only", action="store_true")
    return parser


def load_data(n=48, seed=0):
    gen = torch.Generator().manual_seed(seed)
    target = torch.randint(0, 5, (n,), generator=gen)
    image = torch.randn(n, 3, 8, 8, generator=gen) + target.view(-1, 1, 1, 1) * 0.5
    return TensorDataset(image, target)


def train_one_epoch(fabric, model, criterion, optimizer, data_loader, epoch):
    model.train()
    for i, (image, target) in enumerate(data_loader):
        loss = criterion(model(image), target)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        if i == 0:
            fabric.print(f"Epoch: [{epoch}] loss {loss.item():.4f}")


@torch.no_grad()
def evaluate(model, criterion, data_loader):
    model.eval()
    correct = total = 0
    for image, target in data_loader:
        output = model(image)
        correct += (output.argmax(1) == target).sum().item()
        total += target.numel()
    return correct / total


def resume_from(fabric, path, model, optimizer, lr_scheduler):
    """What `checkpoint = torch.load(args.resume, map_location="cpu")` became in the port."""
    checkpoint = {"model": model, "optimizer": optimizer, "lr_scheduler": lr_scheduler.state_dict(), "epoch": 0}
    fabric.load(path, checkpoint)
    lr_scheduler.load_state_dict(checkpoint["lr_scheduler"])
    return checkpoint["epoch"] + 1


def main(fabric, args):
    dataset = load_data()
    data_loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True)
    data_loader_test = DataLoader(dataset, batch_size=args.batch_size)
    data_loader, data_loader_test = fabric.setup_dataloaders(data_loader, data_loader_test)

    model = fabric.setup_module(TinyResNet())
    criterion = nn.CrossEntropyLoss(label_smoothing=args.label_smoothing)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    optimizer = fabric.setup_optimizers(optimizer)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)

    if args.resume:
        args.start_epoch = resume_from(fabric, args.resume, model, optimizer, lr_scheduler)

    if args.test_only:
        fabric.print(f"Acc@1 {evaluate(model, criterion, data_loader_test):.3f}")
        return

    for epoch in range(args.start_epoch, args.epochs):
        train_one_epoch(fabric, model, criterion, optimizer, data_loader, epoch)
        lr_scheduler.step()
        checkpoint = {
            "model": model,
            "optimizer": optimizer,
            "lr_scheduler": lr_scheduler.state_dict(),
            "epoch": epoch,
        }
        fabric.save(os.path.join(args.output_dir, f"model_{epoch}"), checkpoint)


def train_then_test(fabric, args):
    main(fabric, args)
    test_args = get_args_parser().parse_args(["--test-only", "--resume", os.path.join(args.output_dir, f"model_{args.epochs - 1}")])
    main(fabric, test_args)


if __name__ == "__main__":
    args = get_args_parser().parse_args([])
    args.output_dir = args.output_dir or tempfile.mkdtemp(prefix="cls-ref-")
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={BasicBlock}))
    fabric.launch(train_then_test, args)
