# expect: LXF040
# oracle: RAISED TypeError: Only PyTorch DataLoader are currently supported in `setup_dataloaders`.
"""Deep ensemble of small MLP regressors, each trained on its own bootstrap resample (bagging), on TPU via Fabric + XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, Subset, TensorDataset

MEMBERS, BATCH, STEPS = 3, 16, 3


class MLP(nn.Module):
    def __init__(self, d_in=8, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def make_dataset(n=128, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 8, generator=g)
    y = torch.sin(x[:, 0]) + 0.5 * x[:, 1] ** 2 + 0.1 * torch.randn(n, generator=g)
    return TensorDataset(x, y)


def bootstrap_bags(dataset, members, seed=0):
    g = torch.Generator().manual_seed(seed)
    n = len(dataset)
    return [Subset(dataset, torch.randint(0, n, (n,), generator=g).tolist()) for _ in range(members)]


def bag_loaders(fabric, bags):
    """One shuffled loader per ensemble member, sharded and moved to the device by Fabric."""
    loaders = fabric.setup_dataloaders(*bags)
    return list(loaders) if isinstance(loaders, (list, tuple)) else [loaders]


def fit_member(fabric, loader, index):
    model = fabric.setup_module(MLP())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step, (x, y) in zip(range(STEPS), loader):
        loss = F.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"member {index}: final loss {loss.item():.4f}")
    return model


def main(fabric):
    dataset = make_dataset()
    loaders = bag_loaders(fabric, bootstrap_bags(dataset, MEMBERS))
    ensemble = [fit_member(fabric, loader, i) for i, loader in enumerate(loaders)]
    x, y = dataset.tensors
    with torch.no_grad():
        preds = torch.stack([member(x.to(fabric.device)) for member in ensemble])
    fabric.print(f"ensemble mse {F.mse_loss(preds.mean(0), y.to(fabric.device)).item():.4f}, spread {preds.std(0).mean().item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(main)
