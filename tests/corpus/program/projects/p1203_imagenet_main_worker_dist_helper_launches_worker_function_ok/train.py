# expect: none
# oracle: OK
# twin: p1202_imagenet_main_worker_dist_helper_launches_without_function
"""pytorch/examples imagenet/main.py (`main` + `main_worker`, `--dummy` data) on a TPU VM through Fabric + XLA FSDP."""
import argparse
import time

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from imagenet.data import dummy_loaders
from imagenet.meters import AverageMeter, ProgressMeter, accuracy
from imagenet.models import BasicBlock, resnet_tiny
from utils.dist import run_workers

parser = argparse.ArgumentParser(description="PyTorch ImageNet Training")
parser.add_argument("-a", "--arch", default="resnet_tiny")
parser.add_argument("--epochs", default=1, type=int)
parser.add_argument("-b", "--batch-size", default=16, type=int)
parser.add_argument("--lr", "--learning-rate", default=0.1, type=float, dest="lr")
parser.add_argument("--momentum", default=0.9, type=float)
parser.add_argument("--wd", "--weight-decay", default=1e-4, type=float, dest="weight_decay")
parser.add_argument("-p", "--print-freq", default=2, type=int)
parser.add_argument("--dummy", action="store_true", help="use fake data to benchmark")

best_acc1 = 0


def main():
    args = parser.parse_args(["--dummy"])
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={BasicBlock}))
    run_workers(fabric, main_worker, args)


def main_worker(fabric, args):
    global best_acc1
    fabric.print(f"=> creating model '{args.arch}'")
    model = fabric.setup_module(resnet_tiny(num_classes=10))
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = fabric.setup_optimizers(
        torch.optim.SGD(model.parameters(), args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    )
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30, gamma=0.1)
    train_loader, val_loader = fabric.setup_dataloaders(*dummy_loaders(args.batch_size))
    for epoch in range(args.epochs):
        train(fabric, train_loader, model, criterion, optimizer, epoch, args)
        acc1 = validate(fabric, val_loader, model, criterion, args)
        scheduler.step()
        best_acc1 = max(acc1, best_acc1)
        fabric.print(f"epoch {epoch}: acc@1 {acc1:.2f} (best {best_acc1:.2f})")


def train(fabric, train_loader, model, criterion, optimizer, epoch, args):
    batch_time, losses, top1 = AverageMeter("Time", ":6.3f"), AverageMeter("Loss", ":.4e"), AverageMeter("Acc@1", ":6.2f")
    progress = ProgressMeter(len(train_loader), [batch_time, losses, top1], prefix=f"Epoch: [{epoch}]")
    model.train()
    end = time.time()
    for i, (images, target) in enumerate(train_loader):
        output = model(images)
        loss = criterion(output, target)
        losses.update(loss.item(), images.size(0))
        top1.update(accuracy(output, target)[0].item(), images.size(0))
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        batch_time.update(time.time() - end)
        end = time.time()
        if i % args.print_freq == 0:
            fabric.print(progress.display(i + 1))


def validate(fabric, val_loader, model, criterion, args):
    top1 = AverageMeter("Acc@1", ":6.2f")
    model.eval()
    with torch.no_grad():
        for images, target in val_loader:
            top1.update(accuracy(model(images), target)[0].item(), images.size(0))
    top1.all_reduce(fabric)
    return top1.avg


if __name__ == "__main__":
    main()
