# expect: LXF039
# oracle: RAISED ValueError: A model should be passed only once to the `setup_module` method.
"""K-fold cross-validation of a small digit CNN on TPU (port of Lightning Fabric's kfold_cv example); each fold's model and optimizer are set up by a helper the epoch loop calls."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn, optim
from torch.utils.data import DataLoader, SubsetRandomSampler, TensorDataset


class ConvBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        return F.max_pool2d(F.relu(self.conv(x)), 2)


class Net(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.features = nn.Sequential(ConvBlock(1, 8), ConvBlock(8, 16))
        self.fc = nn.Linear(16 * 2 * 2, classes)

    def forward(self, x):
        return self.fc(torch.flatten(self.features(x), 1))


def synthetic_digits(n=60, seed=0):
    gen = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, 10, (n,), generator=gen)
    images = torch.randn(n, 1, 8, 8, generator=gen) * 0.3
    images[:, 0, labels // 3, labels % 8] += 2.0
    return TensorDataset(images, labels)


def kfold_splits(n, folds, seed=0):
    perm = torch.randperm(n, generator=torch.Generator().manual_seed(seed)).tolist()
    size = n // folds
    for k in range(folds):
        val_ids = perm[k * size:(k + 1) * size]
        train_ids = perm[:k * size] + perm[(k + 1) * size:]
        yield k, train_ids, val_ids


def fold_state(fabric, models, optimizers, fold, lr):
    """Returns the set-up model and optimizer of a fold (the GPU version called fabric.setup(model, opt) here)."""
    model = fabric.setup_module(models[fold])
    optimizer = fabric.setup_optimizers(optim.Adadelta(model.parameters(), lr=lr))
    models[fold], optimizers[fold] = model, optimizer
    return model, optimizer


def train_fold(fabric, model, optimizer, loader):
    model.train()
    for images, labels in loader:
        loss = F.cross_entropy(model(images), labels)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()


@torch.no_grad()
def validate_fold(model, loader):
    model.eval()
    correct = total = 0
    for images, labels in loader:
        correct += (model(images).argmax(1) == labels).sum().item()
        total += labels.numel()
    return correct / max(total, 1)


def run(fabric, folds=3, epochs=2, lr=1.0):
    dataset = synthetic_digits()
    models = [Net() for _ in range(folds)]
    optimizers = [None] * folds
    for epoch in range(1, epochs + 1):
        accs = []
        for fold, train_ids, val_ids in kfold_splits(len(dataset), folds):
            train_loader = DataLoader(dataset, batch_size=10, sampler=SubsetRandomSampler(train_ids))
            val_loader = DataLoader(dataset, batch_size=10, sampler=SubsetRandomSampler(val_ids))
            train_loader, val_loader = fabric.setup_dataloaders(train_loader, val_loader)
            model, optimizer = fold_state(fabric, models, optimizers, fold, lr)
            train_fold(fabric, model, optimizer, train_loader)
            accs.append(validate_fold(model, val_loader))
        fabric.print(f"epoch {epoch}: mean fold accuracy {sum(accs) / len(accs):.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}))
    fabric.launch(run)
