# expect: LXF024
# oracle: RAISED ValueError: Found multiple XLAFSDP modules in the given state. Saving checkpoints with FSDP is currently limited to a single model p
"""Fabric MNIST K-Fold Cross Validation Example, on a TPU VM with XLA FSDP.

Follows examples/fabric/kfold_cv/train_fabric.py: one `Net` and one Adadelta per fold, the epoch loop over
folds with `train_dataloader` / `validate_dataloader`, and `--save-model` at the end, which here keeps every
fold's model (the example saved only the last one). sklearn's KFold and torchmetrics' Accuracy are replaced by a
few lines each; MNIST by random 28x28 digits.
"""

import argparse
import os
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, SubsetRandomSampler, TensorDataset

from lightning.fabric import Fabric  # import Fabric
from lightning.fabric import seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy


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


class KFold:
    """sklearn.model_selection.KFold(n_splits), shuffle=False."""

    def __init__(self, n_splits):
        self.n_splits = n_splits

    def split(self, dataset):
        indices = list(range(len(dataset)))
        fold_size = len(indices) // self.n_splits
        for k in range(self.n_splits):
            val_ids = indices[k * fold_size:(k + 1) * fold_size]
            train_ids = indices[:k * fold_size] + indices[(k + 1) * fold_size:]
            yield train_ids, val_ids


def train_dataloader(model, data_loader, optimizer, fabric, epoch, hparams, fold):
    # TRAINING LOOP
    model.train()
    for batch_idx, (data, target) in enumerate(data_loader):
        # NOTE: no need to call `.to(device)` on the data, target
        optimizer.zero_grad()
        output = model(data)
        loss = F.nll_loss(output, target)
        fabric.backward(loss)  # instead of loss.backward()

        optimizer.step()
        if (batch_idx == 0) or ((batch_idx + 1) % hparams.log_interval == 0):
            fabric.print(
                "Train Epoch: {} [{}/{} ({:.0f}%)]\tLoss: {:.6f}".format(
                    epoch,
                    batch_idx * len(data),
                    len(data_loader.dataset),
                    100.0 * batch_idx / len(data_loader),
                    loss.item(),
                )
            )

        if hparams.dry_run:
            break


def validate_dataloader(model, data_loader, fabric, hparams, fold):
    model.eval()
    loss = 0
    correct = 0
    with torch.no_grad():
        for data, target in data_loader:
            output = model(data)
            loss += F.nll_loss(output, target, reduction="sum").item()
            correct += (output.argmax(dim=1) == target).sum().item()

            if hparams.dry_run:
                break

    # all_gather is used to aggregate the value across processes
    loss = fabric.all_gather(loss).sum() / len(data_loader.dataset)
    acc = fabric.all_gather(correct).sum() * 100.0 / len(data_loader.dataset)

    fabric.print(f"\nFor fold: {fold} Validation set: Average loss: {loss:.4f}, Accuracy: ({acc:.0f}%)\n")
    return acc


def save_folds(fabric, models, optimizers, out_dir):
    """One checkpoint for the whole cross-validation run: fold i's model and optimizer under `model_{i}`/`optimizer_{i}`."""
    state = {}
    for i, (model, optimizer) in enumerate(zip(models, optimizers)):
        state[f"model_{i}"] = model
        state[f"optimizer_{i}"] = optimizer
    fabric.save(os.path.join(out_dir, "mnist_cnn_kfold"), state)


def run(fabric, hparams):
    seed_everything(hparams.seed)  # instead of torch.manual_seed(...)

    # Let rank 0 build the data first, then everyone will load it
    with fabric.rank_zero_first():
        dataset = TensorDataset(torch.randn(24, 1, 28, 28), torch.randint(0, 10, (24,)))

    # Loop over different folds (shuffle = False by default so reproducible)
    folds = hparams.folds
    kfold = KFold(n_splits=folds)

    # initialize n_splits models and optimizers: under XLA FSDP each model is set up before its optimizer is built
    models = [fabric.setup_module(Net()) for _ in range(kfold.n_splits)]
    optimizers = [fabric.setup_optimizers(optim.Adadelta(model.parameters(), lr=hparams.lr)) for model in models]

    # loop over epochs
    for epoch in range(1, hparams.epochs + 1):
        # loop over folds
        epoch_acc = 0
        for fold, (train_ids, val_ids) in enumerate(kfold.split(dataset)):
            fabric.print(f"Working on fold {fold}")

            # initialize dataloaders based on folds
            batch_size = hparams.batch_size
            train_loader = DataLoader(dataset, batch_size=batch_size, sampler=SubsetRandomSampler(train_ids))
            val_loader = DataLoader(dataset, batch_size=batch_size, sampler=SubsetRandomSampler(val_ids))

            # set up dataloaders to move data to the correct device
            train_loader, val_loader = fabric.setup_dataloaders(train_loader, val_loader)

            # get model and optimizer for the current fold
            model, optimizer = models[fold], optimizers[fold]

            # train and validate
            train_dataloader(model, train_loader, optimizer, fabric, epoch, hparams, fold)
            epoch_acc += validate_dataloader(model, val_loader, fabric, hparams, fold)

        # log epoch metrics
        fabric.print(f"Epoch {epoch} - Average acc: {epoch_acc / kfold.n_splits}")

        if hparams.dry_run:
            break

    # When using distributed training, use `fabric.save`
    # to ensure the current process is allowed to save a checkpoint
    if hparams.save_model:
        save_folds(fabric, models, optimizers, hparams.out_dir)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Fabric MNIST K-Fold Cross Validation Example (TPU, XLA FSDP)")
    parser.add_argument("--batch-size", type=int, default=8, metavar="N")
    parser.add_argument("--epochs", type=int, default=1, metavar="N")
    parser.add_argument("--lr", type=float, default=1.0, metavar="LR")
    parser.add_argument("--dry-run", action="store_true", default=False)
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--log-interval", type=int, default=10, metavar="N")
    parser.add_argument("--folds", type=int, default=3, help="number of folds for k-fold cross validation")
    parser.add_argument("--save-model", action="store_true", default=True, help="For Saving the current Model")
    parser.add_argument("--out-dir", default=tempfile.mkdtemp(prefix="kfold_"))
    hparams = parser.parse_args()

    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(run, hparams)
