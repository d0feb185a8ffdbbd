# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""python train_fabric.py [--folds K]: Lightning's Fabric K-fold cross-validation example (one model per fold) moved to a TPU pod with XLA FSDP; each fold's model is set up with `setup_module`, its optimizer with `setup_optimizers`."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, SubsetRandomSampler, TensorDataset


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.fc1 = nn.Linear(4 * 5 * 5, 16)
        self.fc2 = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


def kfold_split(n, n_splits):
    # sklearn's KFold(n_splits).split(dataset), without shuffling
    ids = torch.arange(n)
    for val_ids in ids.chunk(n_splits):
        yield ids[~torch.isin(ids, val_ids)].tolist(), val_ids.tolist()


def train_dataloader(model, data_loader, optimizer, fabric, epoch, hparams, fold):
    model.train()
    for batch_idx, (data, target) in enumerate(data_loader):
        optimizer.zero_grad()
        output = model(data)
        loss = F.nll_loss(output, target)
        fabric.backward(loss)  # instead of loss.backward()
        optimizer.step()
        if (batch_idx == 0) or ((batch_idx + 1) % hparams.log_interval == 0):
            fabric.print(f"Train Epoch: {epoch} fold {fold} [{batch_idx * len(data)}]\tLoss: {loss.item():.6f}")
        if hparams.dry_run:
            break


def validate_dataloader(model, data_loader, fabric, hparams, fold):
    model.eval()
    loss, correct, seen = 0.0, 0, 0
    with torch.no_grad():
        for data, target in data_loader:
            output = model(data)
            loss += F.nll_loss(output, target, reduction="sum").item()
            correct += (output.argmax(dim=1) == target).sum().item()
            seen += len(target)
            if hparams.dry_run:
                break
    acc = 100.0 * correct / max(seen, 1)
    fabric.print(f"\nFor fold: {fold} Validation set: Average loss: {loss / max(seen, 1):.4f}, Accuracy: ({acc:.0f}%)\n")
    return acc


def run(fabric, hparams):
    seed_everything(hparams.seed)  # instead of torch.manual_seed(...)

    with fabric.rank_zero_first(local=False):
        # stands in for MNIST: 12x12 digits
        dataset = TensorDataset(torch.randn(4 * hparams.folds, 1, 12, 12), torch.randint(0, 10, (4 * hparams.folds,)))

    folds = hparams.folds
    models = [Net() for _ in range(folds)]
    optimizers = [optim.Adadelta(model.parameters(), lr=hparams.lr) for model in models]

    # XLA FSDP cannot set up a model and its optimizer in one call: one at a time
    for i in range(folds):
        models[i] = fabric.setup_module(models[i])
        optimizers[i] = fabric.setup_optimizers(optimizers[i])

    for epoch in range(1, hparams.epochs + 1):
        epoch_acc = 0
        for fold, (train_ids, val_ids) in enumerate(kfold_split(len(dataset), folds)):
            fabric.print(f"Working on fold {fold}")
            train_loader = DataLoader(dataset, batch_size=hparams.batch_size, sampler=SubsetRandomSampler(train_ids))
            val_loader = DataLoader(dataset, batch_size=hparams.batch_size, sampler=SubsetRandomSampler(val_ids))
            train_loader, val_loader = fabric.setup_dataloaders(train_loader, val_loader)
            model, optimizer = models[fold], optimizers[fold]
            train_dataloader(model, train_loader, optimizer, fabric, epoch, hparams, fold)
            epoch_acc += validate_dataloader(model, val_loader, fabric, hparams, fold)
        fabric.print(f"Epoch {epoch} - Average acc: {epoch_acc / folds}")
        if hparams.dry_run:
            break


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Fabric MNIST K-Fold Cross Validation Example (TPU, XLA FSDP)")
    parser.add_argument("--batch-size", type=int, default=4, metavar="N")
    parser.add_argument("--epochs", type=int, default=1, metavar="N")
    parser.add_argument("--lr", type=float, default=1.0, metavar="LR")
    parser.add_argument("--dry-run", action="store_true", default=True)
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--log-interval", type=int, default=10, metavar="N")
    parser.add_argument("--folds", type=int, default=2, help="number of folds for k-fold cross validation")
    hparams = parser.parse_args()

    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(run, hparams)
