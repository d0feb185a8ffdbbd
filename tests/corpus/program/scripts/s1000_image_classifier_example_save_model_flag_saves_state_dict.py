# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
"""python train_fabric.py: Lightning's Fabric MNIST image-classifier example moved to a TPU VM with XLA FSDP; the TPU job always keeps the weights (`--save-model` on by default)."""
import argparse
import os
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader, TensorDataset

from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, 1)
        self.conv2 = nn.Conv2d(8, 16, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        self.fc1 = nn.Linear(16 * 6 * 6, 32)
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


def fake_mnist(n, seed):
    # stands in for torchvision's MNIST (which downloads): 16x16 "digits" keep the example fast on CPU
    g = torch.Generator().manual_seed(seed)
    return TensorDataset(torch.randn(n, 1, 16, 16, generator=g), torch.randint(0, 10, (n,), generator=g))


def save_model(fabric, hparams, weights):
    # When using distributed training, use `fabric.save` to ensure the current process is allowed to save a checkpoint
    path = os.path.join(hparams.out_dir, "mnist_cnn.pt")
    fabric.save(path, weights)
    fabric.print(f"saved {path}")


def run(fabric, hparams):
    seed_everything(hparams.seed)  # instead of torch.manual_seed(...)

    train_loader = DataLoader(fake_mnist(32, 0), batch_size=hparams.batch_size, shuffle=True)
    test_loader = DataLoader(fake_mnist(16, 1), batch_size=hparams.test_batch_size)

    # don't forget to call `setup_dataloaders` to prepare for dataloaders for distributed training.
    train_loader, test_loader = fabric.setup_dataloaders(train_loader, test_loader)

    # XLA FSDP: the model first, then the optimizer on its sharded parameters
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
            fabric.backward(loss)  # instead of loss.backward()
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
                correct += (output.argmax(dim=1) == target).sum().item()
                if hparams.dry_run:
                    break

        # all_gather is used to aggregated the value across processes
        test_loss = fabric.all_gather(test_loss).sum() / len(test_loader.dataset)
        fabric.print(f"\nTest set: Average loss: {test_loss:.4f}, Accuracy: {100 * correct / len(test_loader.dataset):.0f}%\n")

        if hparams.dry_run:
            break

    if hparams.save_model:
        save_model(fabric, hparams, model.state_dict())


if __name__ == "__main__":
    # Arguments can be passed in through the CLI as normal and will be parsed here
    # Example:
    # python train_fabric.py --epochs 1
    parser = argparse.ArgumentParser(description="Fabric MNIST Example")
    parser.add_argument("--batch-size", type=int, default=8, metavar="N", help="input batch size for training")
    parser.add_argument("--test-batch-size", type=int, default=8, metavar="N", help="input batch size for testing")
    parser.add_argument("--epochs", type=int, default=1, metavar="N", help="number of epochs to train")
    parser.add_argument("--lr", type=float, default=1.0, metavar="LR", help="learning rate")
    parser.add_argument("--gamma", type=float, default=0.7, metavar="M", help="Learning rate step gamma")
    parser.add_argument("--dry-run", action="store_true", default=False, help="quickly check a single pass")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="random seed")
    parser.add_argument("--log-interval", type=int, default=2, metavar="N", help="how many batches to wait before logging")
    parser.add_argument("--no-save-model", dest="save_model", action="store_false", help="skip saving the model")
    parser.add_argument("--out-dir", default=tempfile.mkdtemp(prefix="mnist_"), help="where mnist_cnn.pt goes")
    hparams = parser.parse_args()

    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(run, hparams)
