# expect: none
# oracle: OK
# twin: s1426_citation_gcn_main_reads_module_level_fabric
"""Two-layer GCN for node classification on a synthetic citation graph (dense normalized adjacency, plain torch)."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

parser = argparse.ArgumentParser(description="GCN on TPU with XLA FSDP")
parser.add_argument("--nodes", type=int, default=120)
parser.add_argument("--features", type=int, default=24)
parser.add_argument("--classes", type=int, default=3)
parser.add_argument("--hidden", type=int, default=32)
parser.add_argument("--epochs", type=int, default=4)
parser.add_argument("--dropout", type=float, default=0.3)
args = parser.parse_args()


class GraphConv(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.linear = nn.Linear(in_dim, out_dim)

    def forward(self, x, adj):
        return adj @ self.linear(x)


class GCN(nn.Module):
    def __init__(self, in_dim, hidden, classes, dropout):
        super().__init__()
        self.conv1 = GraphConv(in_dim, hidden)
        self.conv2 = GraphConv(hidden, classes)
        self.dropout = dropout

    def forward(self, x, adj):
        h = F.dropout(F.relu(self.conv1(x, adj)), self.dropout, self.training)
        return self.conv2(h, adj)


def citation_graph(n, features, classes, seed=7):
    """A stochastic block model: papers cite mostly within their own topic."""
    gen = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, classes, (n,), generator=gen)
    same = labels[:, None] == labels[None, :]
    prob = torch.where(same, torch.tensor(0.08), torch.tensor(0.005))
    adj = (torch.rand(n, n, generator=gen) < prob).float()
    adj = ((adj + adj.T) > 0).float() + torch.eye(n)
    deg_inv_sqrt = adj.sum(1).pow(-0.5)
    adj = deg_inv_sqrt[:, None] * adj * deg_inv_sqrt[None, :]
    centers = torch.randn(classes, features, generator=gen)
    x = centers[labels] + torch.randn(n, features, generator=gen)
    perm = torch.randperm(n, generator=gen)
    train_mask = torch.zeros(n, dtype=torch.bool)
    train_mask[perm[: n // 2]] = True
    return x, adj, labels, train_mask


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={GraphConv}), precision="bf16-true")


def accuracy(logits, labels, mask):
    return (logits[mask].argmax(-1) == labels[mask]).float().mean()


def main(fabric):
    fabric.seed_everything(0)
    x, adj, labels, train_mask = fabric.to_device(citation_graph(args.nodes, args.features, args.classes))
    model = fabric.setup_module(GCN(args.features, args.hidden, args.classes, args.dropout))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-2, weight_decay=5e-4))
    for epoch in range(args.epochs):
        model.train()
        logits = model(x, adj)
        loss = F.cross_entropy(logits[train_mask].float(), labels[train_mask])
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        model.eval()
        with torch.no_grad():
            val_acc = accuracy(model(x, adj), labels, ~train_mask)
        fabric.print(f"epoch {epoch}: loss {loss.item():.3f} val acc {val_acc.item():.2%}")


if __name__ == "__main__":
    fabric.launch(main)
