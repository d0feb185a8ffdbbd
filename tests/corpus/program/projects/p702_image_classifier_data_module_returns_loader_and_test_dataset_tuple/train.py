# expect: LXF040
# oracle: RAISED TypeError: Only PyTorch DataLoader are currently supported in `setup_dataloaders`.
# flagged-in: train.py
"""Port of lightning's fabric image_classifier example to XLAFSDP."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from data import get_dataloaders
from net import Net


def run(fabric, hparams):
    train_loader, test_loader = fabric.setup_dataloaders(*get_dataloaders(hparams))
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.Adadelta(model.parameters(), lr=hparams["lr"]))

    model.train()
    for batch_idx, (data, target) in enumerate(train_loader):
        loss = F.nll_loss(model(data), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if batch_idx + 1 >= hparams["max_batches"]:
            break

    model.eval()
    correct = 0
    with torch.no_grad():
        for data, target in test_loader:
            correct += model(data).argmax(dim=1).eq(target).sum()
    fabric.print(f"accuracy: {fabric.all_reduce(correct, reduce_op='sum').item()}")


def main(**hparams):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(run, hparams)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Fabric MNIST Example")
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--test-batch-size", type=int, default=8)
    parser.add_argument("--lr", type=float, default=1.0)
    parser.add_argument("--max-batches", type=int, default=2)
    parser.add_argument("--eval-on-host", action="store_true", default=True)
    main(**vars(parser.parse_args()))
