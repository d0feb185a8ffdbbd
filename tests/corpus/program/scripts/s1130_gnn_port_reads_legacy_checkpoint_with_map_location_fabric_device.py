# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
"""Molecule graph regressor moved from a single-GPU script to TPU: resume from the old run's `torch.save` checkpoint (weights plus hyperparameters)."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

NODES, FEAT = 12, 8


class MessagePassing(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.msg = nn.Linear(dim, dim)
        self.upd = nn.Linear(2 * dim, dim)

    def forward(self, h, adj):
        m = adj @ self.msg(h)
        return torch.relu(self.upd(torch.cat([h, m], -1)))


class GraphRegressor(nn.Module):
    def __init__(self, hidden=32, layers=2):
        super().__init__()
        self.inp = nn.Linear(FEAT, hidden)
        self.layers = nn.ModuleList([MessagePassing(hidden) for _ in range(layers)])
        self.readout = nn.Linear(hidden, 1)

    def forward(self, x, adj):
        h = self.inp(x)
        for layer in self.layers:
            h = layer(h, adj)
        return self.readout(h.mean(1)).squeeze(-1)


def write_legacy_checkpoint(path):
    """What the old single-GPU script left behind: weights, the epoch and the hyperparameters."""
    hparams = {"hidden": 32, "layers": 2, "lr": 1e-3}
    model = GraphRegressor(hparams["hidden"], hparams["layers"])
    torch.save({"model": model.state_dict(), "epoch": 4, "hparams": hparams}, path)


def read_checkpoint(path, device):
    ckpt = torch.load(path, map_location=device, weights_only=True)
    return ckpt["model"], ckpt["epoch"], ckpt["hparams"]


def molecules(n, seed):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(n, NODES, FEAT, generator=gen)
    adj = (torch.rand(n, NODES, NODES, generator=gen) > 0.7).float()
    adj = ((adj + adj.transpose(1, 2)) > 0).float() / NODES
    return x, adj, x[..., 0].mean(1) + adj.sum((1, 2))


def train(fabric, weights, start_epoch, hparams):
    net = GraphRegressor(hparams["hidden"], hparams["layers"])
    net.load_state_dict(weights)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=hparams["lr"]))
    for epoch in range(start_epoch + 1, start_epoch + 3):
        x, adj, y = molecules(16, seed=epoch)
        loss = F.mse_loss(model(x.to(fabric.device), adj.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"epoch {epoch}: loss {loss.item():.4f}")


if __name__ == "__main__":
    legacy = os.path.join(tempfile.mkdtemp(prefix="gnn-"), "legacy.pt")
    write_legacy_checkpoint(legacy)

    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MessagePassing}))
    weights, start_epoch, hparams = read_checkpoint(legacy, device=fabric.device)
    fabric.launch(train, weights, start_epoch, hparams)
