# expect: LXF016
# oracle: RAISED TypeError: To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the
"""Fabric MNIST example (examples/fabric/image_classifier/train_fabric.py) moved to a TPU VM with XLA FSDP.

Follows Lightning's example: `run(hparams)` creates the Fabric at the top, then data, model, optimizer, the epoch loop
and the all_gather'd test loss. The TPU port builds the Fabric in `create_fabric` and launches it in place, the way
the CUDA DDP recipe in Fabric's docs does. MNIST is replaced by random 28x28 digits (no download).
"""

import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import TensorDataset


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, 1)
        self.conv2 = nn.Conv2d(8, 16, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        self.fc1 = nn.Linear(2304, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = self.conv1(x)
        x = F.relu(x)
        x = self.conv2(x)
        x = F.relu(x)
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = self.fc1(x)
        x = F.relu(x)
        x = self.dropout2(x)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


def fake_mnist(n):
    return TensorDataset(torch.randn(n, 1, 28, 28), torch.randint(0, 10, (n,)))


def create_fabric(hparams):
    # On CUDA the example leaves accelerator/strategy/devices to `fabric run`; a TPU pod gets them here.
    fabric = Fabric(accelerator="tpu", devices=hparams.devices, strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch()
    return fabric


def run(hparams):
    # Create the Lightning Fabric object.
    fabric = create_fabric(hparams)

    seed_everything(hparams.seed)  # instead of torch.manual_seed(...)

    with fabric.rank_zero_first(local=False):
        train_dataset = fake_mnist(32)
        test_dataset = fake_mnist(16)

    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=hparams.batch_size)
    test_loader = torch.utils.data.DataLoader(test_dataset, batch_size=hparams.batch_size)

    # don't forget to call `setup_dataloaders` to prepare for dataloaders for distributed training.
    train_loader, test_loader = fabric.setup_dataloaders(train_loader, test_loader)

    # XLA FSDP: set up the model first, then build the optimizer from its (sharded) parameters
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(optim.Adadelta(model.parameters(), lr=hparams.lr))

    scheduler = StepLR(optimizer, step_size=1, gamma=hparams.gamma)

    # EPOCH LOOP
    for epoch in range(1, hparams.epochs + 1):
        # TRAINING LOOP
        model.train()
        for batch_idx, (data, target) in enumerate(train_loader):
            optimizer.zero_grad()
            output = model(data)
            loss = F.nll_loss(output, target)
            fabric.backward(loss)

            optimizer.step()
            if (batch_idx == 0) or ((batch_idx + 1) % hparams.log_interval == 0):
                fabric.print(
                    f"Train Epoch: {epoch} [{batch_idx * len(data)}/{len(train_loader.dataset)}"
                    f" ({100.0 * batch_idx / len(train_loader):.0f}%)]\tLoss: {loss.item():.6f}"
                )
                if hparams.dry_run:
                    break

        scheduler.step()

        # TESTING LOOP
        model.eval()
        test_loss = 0
        correct = 0
        with torch.no_grad():
            for data, target in test_loader:
                output = model(data)
                test_loss += F.nll_loss(output, target, reduction="sum").item()
                pred = output.argmax(dim=1, keepdim=True)  # get the index of the max log-probability
                correct += pred.eq(target.view_as(pred)).sum().item()
                if hparams.dry_run:
                    break

        # all_gather is used to aggregated the value across processes
        test_loss = fabric.all_gather(test_loss).sum() / len(test_loader.dataset)
        fabric.print(f"\nTest set: Average loss: {test_loss:.4f}, Accuracy: ({100.0 * correct / len(test_loader.dataset):.0f}%)\n")

        if hparams.dry_run:
            break


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Fabric MNIST Example (TPU, XLA FSDP)")
    parser.add_argument("--batch-size", type=int, default=8, metavar="N")
    parser.add_argument("--epochs", type=int, default=1, metavar="N")
    parser.add_argument("--lr", type=float, default=1.0, metavar="LR")
    parser.add_argument("--gamma", type=float, default=0.7, metavar="M")
    parser.add_argument("--dry-run", action="store_true", default=False)
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--log-interval", type=int, default=2, metavar="N")
    parser.add_argument("--devices", default="auto")
    hparams = parser.parse_args()

    run(hparams)
