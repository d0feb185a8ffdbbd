# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
"""Customer churn prediction: train, keep the best checkpoint, and score the test split with the best weights."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

FEATURES = 18


class Highway(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.h = nn.Linear(dim, dim)
        self.t = nn.Linear(dim, dim)

    def forward(self, x):
        gate = torch.sigmoid(self.t(x))
        return gate * torch.relu(self.h(x)) + (1 - gate) * x


class ChurnNet(nn.Module):
    def __init__(self, hidden=40):
        super().__init__()
        self.inp = nn.Linear(FEATURES, hidden)
        self.body = nn.Sequential(Highway(hidden), Highway(hidden))
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.body(self.inp(x))).squeeze(-1)


def make_state(model, optimizer=None, **extra):
    """The checkpoint layout of this project: the model, its optimizer when there is one, and any metadata."""
    state = {"model": model, **extra}
    if optimizer is not None:
        state["optimizer"] = optimizer
    return state


def customers(n, seed):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(n, FEATURES, generator=gen)
    churned = (x[:, :3].sum(-1) + 0.3 * torch.randn(n, generator=gen) > 0.5).float()
    return x, churned


def fit(fabric, out_dir, epochs=3):
    model = fabric.setup_module(ChurnNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    best_loss, best_path = float("inf"), None
    for epoch in range(epochs):
        x, y = customers(64, seed=epoch)
        loss = F.binary_cross_entropy_with_logits(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        with torch.no_grad():
            vx, vy = customers(128, seed=100)
            val = F.binary_cross_entropy_with_logits(model(vx.to(fabric.device)), vy.to(fabric.device)).item()
        if val < best_loss:
            best_loss, best_path = val, os.path.join(out_dir, f"epoch-{epoch}")
            fabric.save(best_path, make_state(model, optimizer, epoch=epoch, val_loss=val))
    return best_path


def evaluate(fabric, ckpt_path):
    """Rebuilds the model and scores the test split with the weights of `ckpt_path`."""
    model = ChurnNet()
    fabric.load(ckpt_path, make_state(model), strict=False)
    with torch.no_grad():
        x, y = customers(256, seed=200)
        acc = ((model(x.to(fabric.device)) > 0).float().cpu() == y).float().mean().item()
    return acc


def main(fabric):
    out_dir = tempfile.mkdtemp(prefix="churn-")
    best = fit(fabric, out_dir)
    fabric.print(f"test accuracy with {os.path.basename(best)}: {evaluate(fabric, best):.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Highway}))
    fabric.launch(main)
