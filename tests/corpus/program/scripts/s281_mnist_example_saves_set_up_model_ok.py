# expect: none
# oracle: OK
# twin: s280_mnist_example_saves_model_state_dict
"""python train_fabric.py [--epochs N]: Lightning's Fabric MNIST example moved to a TPU pod with XLA FSDP; the save at the end saves the set-up model itself, `state={"model": model}`."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, 1)
        self.conv2 = nn.Conv2d(4, 8, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        self.fc1 = nn.Linear(8 * 4 * 4, 16)
        self.fc2 = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = self.dropout2(x)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


def fake_mnist(n):
    # stands in for torchvision's MNIST: 12x12 digits, ten classes
    return TensorDataset(torch.randn(n, 1, 12, 12), torch.randint(0, 10, (n,)))


def run(fabric, hparams):
    seed_everything(hparams.seed)  # instead of torch.manual_seed(...)

    with fabric.rank_zero_first(local=False):
        train_dataset = fake_mnist(2 * hparams.batch_size)
        test_dataset = fake_mnist(hparams.batch_size)

    train_loader = DataLoader(train_dataset, batch_size=hparams.batch_size)
    test_loader = DataLoader(test_dataset, batch_size=hparams.batch_size)
    train_loader, test_loader = fabric.setup_dataloaders(train_loader, test_loader)

    # XLA FSDP shards the parameters: set up the model first, then build the optimizer on its parameters
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(optim.Adadelta(model.parameters(), lr=hparams.lr))
    scheduler = StepLR(optimizer, step_size=1, gamma=hparams.gamma)

    for epoch in range(1, hparams.epochs + 1):
        model.train()
        for batch_idx, (data, target) in enumerate(train_loader):
            optimizer.zero_grad()
            output = model(data)
            loss = F.nll_loss(output, target)
            fabric.backward(loss)
            optimizer.step()
            if (batch_idx == 0) or ((batch_idx + 1) % hparams.log_interval == 0):
                fabric.print(f"Train Epoch: {epoch} [{batch_idx * len(data)}]\tLoss: {loss.item():.6f}")
                if hparams.dry_run:
                    break
        scheduler.step()

        model.eval()
        test_loss = 0.0
        with torch.no_grad():
            for data, target in test_loader:
                output = model(data)
                test_loss += F.nll_loss(output, target, reduction="sum").item()
        fabric.print(f"\nTest set: Average loss: {test_loss / len(test_dataset):.4f}\n")

    # When using distributed training, use `fabric.save`
    # to ensure the current process is allowed to save a checkpoint
    if hparams.save_model:
        fabric.save(path="mnist_cnn.pt", state={"model": model})


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Fabric MNIST Example (TPU, XLA FSDP)")
    parser.add_argument("--batch-size", type=int, default=8, metavar="N")
    parser.add_argument("--epochs", type=int, default=1, metavar="N")
    parser.add_argument("--lr", type=float, default=1.0, metavar="LR")
    parser.add_argument("--gamma", type=float, default=0.7, metavar="M")
    parser.add_argument("--dry-run", action="store_true", default=False)
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--log-interval", type=int, default=10, metavar="N")
    parser.add_argument("--save-model", action=argparse.BooleanOptionalAction, default=True)
    hparams = parser.parse_args()

    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(run, hparams)
