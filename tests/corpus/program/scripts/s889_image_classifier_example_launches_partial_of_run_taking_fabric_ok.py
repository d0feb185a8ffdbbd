# expect: none
# oracle: OK
# twin: s888_image_classifier_example_launches_partial_of_run_hparams_only
"""Lightning's fabric/image_classifier example (MNIST CNN, Adadelta + StepLR) moved from `fabric run` to an XLA FSDP launch."""
import argparse
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, 1)
        self.conv2 = nn.Conv2d(8, 16, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.fc1 = nn.Linear(16 * 12 * 12, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(self.dropout1(x), 1)
        return F.log_softmax(self.fc2(F.relu(self.fc1(x))), dim=1)


def fake_mnist(n):
    return TensorDataset(torch.randn(n, 1, 28, 28), torch.randint(0, 10, (n,)))


def run(fabric, hparams):
    seed_everything(hparams.seed)
    train_loader = DataLoader(fake_mnist(32), batch_size=hparams.batch_size, shuffle=True)
    train_loader = fabric.setup_dataloaders(train_loader)

    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.Adadelta(model.parameters(), lr=hparams.lr))
    scheduler = StepLR(optimizer, step_size=1, gamma=hparams.gamma)

    for epoch in range(1, hparams.epochs + 1):
        model.train()
        for batch_idx, (data, target) in enumerate(train_loader):
            optimizer.zero_grad()
            loss = F.nll_loss(model(data), target)
            fabric.backward(loss)
            optimizer.step()
            if batch_idx % hparams.log_interval == 0:
                fabric.print(f"Train Epoch: {epoch} [{batch_idx * len(data)}]\tLoss: {loss.item():.6f}")
            if hparams.dry_run:
                break
        scheduler.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Fabric MNIST Example")
    parser.add_argument("--batch-size", type=int, default=16, metavar="N")
    parser.add_argument("--epochs", type=int, default=1, metavar="N")
    parser.add_argument("--lr", type=float, default=1.0, metavar="LR")
    parser.add_argument("--gamma", type=float, default=0.7, metavar="M")
    parser.add_argument("--dry-run", action="store_true", default=True)
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--log-interval", type=int, default=10, metavar="N")
    hparams = parser.parse_args()

    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(partial(run, hparams=hparams))
