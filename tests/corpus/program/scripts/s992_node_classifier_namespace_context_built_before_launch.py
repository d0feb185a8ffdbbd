# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
"""Node classification with a two-layer GCN on a synthetic citation graph; the run context is a `SimpleNamespace` the helpers share."""
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

SETTINGS = {"nodes": 60, "features": 16, "hidden": 32, "classes": 4, "steps": 3, "lr": 0.01}


class GraphConv(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, x, adj):
        return adj @ self.lin(x)


class GCN(nn.Module):
    def __init__(self, features, hidden, classes):
        super().__init__()
        self.conv1 = GraphConv(features, hidden)
        self.conv2 = GraphConv(hidden, classes)

    def forward(self, x, adj):
        return self.conv2(F.relu(self.conv1(x, adj)), adj)


def citation_graph(n, features, classes):
    gen = torch.Generator().manual_seed(7)
    labels = torch.randint(0, classes, (n,), generator=gen)
    same = labels[:, None] == labels[None, :]
    adj = (torch.rand(n, n, generator=gen) < torch.where(same, 0.3, 0.02)).float()
    adj = ((adj + adj.t()) > 0).float() + torch.eye(n)
    deg = adj.sum(1)
    adj = adj / torch.sqrt(deg[:, None] * deg[None, :])
    x = F.one_hot(labels, classes).float() @ torch.randn(classes, features, generator=gen) + torch.randn(n, features, generator=gen)
    return x, adj, labels


def make_context(fabric, settings):
    x, adj, labels = citation_graph(settings["nodes"], settings["features"], settings["classes"])
    return SimpleNamespace(
        settings=settings,
        device=fabric.device,
        x=x,
        adj=adj,
        labels=labels,
    )


def train(fabric, ctx):
    s = ctx.settings
    model = fabric.setup_module(GCN(s["features"], s["hidden"], s["classes"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=s["lr"]))
    x, adj, labels = ctx.x.to(ctx.device), ctx.adj.to(ctx.device), ctx.labels.to(ctx.device)
    for step in range(s["steps"]):
        loss = F.cross_entropy(model(x, adj), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"epoch {step}: loss {loss.item():.4f}")


def run(fabric, ctx):
    train(fabric, ctx)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={GraphConv}))
    ctx = make_context(fabric, SETTINGS)
    fabric.launch(run, ctx)
