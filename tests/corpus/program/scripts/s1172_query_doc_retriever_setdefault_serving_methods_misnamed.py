# expect: LXF036
# oracle: RAISED AttributeError: You marked 'encode_documents' as a forward method, but `Retriever.encode_documents` does not exist or is not a method.
"""Dual-encoder retriever (queries and documents as bags of hashed tokens) on TPU; the experiment dict is completed with `setdefault` from the defaults."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

VOCAB = 128

# what this experiment changes; everything else comes from `complete`
EXPERIMENT = {
    "optim": {"lr": 3e-3},
    "serving": {"forward_methods": ["encode_queries", "encode_documents"]},
}


def complete(experiment):
    cfg = {section: dict(values) for section, values in experiment.items()}
    optim = cfg.setdefault("optim", {})
    optim.setdefault("lr", 1e-3)
    optim.setdefault("steps", 3)
    optim.setdefault("batch", 16)
    optim.setdefault("temperature", 0.05)
    serving = cfg.setdefault("serving", {})
    serving.setdefault("forward_methods", ["encode_queries"])
    return cfg


class Tower(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.bag = nn.Linear(VOCAB, dim)
        self.mlp = nn.Sequential(nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, counts):
        return F.normalize(self.mlp(self.bag(counts)), dim=-1)


class Retriever(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.query_tower = Tower(dim)
        self.doc_tower = Tower(dim)

    def encode_queries(self, counts):
        return self.query_tower(counts)

    def encode_docs(self, counts):
        return self.doc_tower(counts)

    def forward(self, queries, docs):
        return self.encode_queries(queries) @ self.encode_docs(docs).T


def pairs(batch, seed):
    gen = torch.Generator().manual_seed(seed)
    docs = torch.poisson(torch.rand(batch, VOCAB, generator=gen))
    queries = docs * (torch.rand(batch, VOCAB, generator=gen) < 0.3)
    return queries, docs


def prepare(fabric, cfg):
    model = fabric.setup_module(Retriever())
    for name in cfg["serving"]["forward_methods"]:
        model.mark_forward_method(name)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg["optim"]["lr"]))
    return model, optimizer


def train(fabric, cfg):
    model, optimizer = prepare(fabric, cfg)
    o = cfg["optim"]
    for step in range(o["steps"]):
        queries, docs = (t.to(fabric.device) for t in pairs(o["batch"], seed=step))
        scores = model(queries, docs) / o["temperature"]
        loss = F.cross_entropy(scores, torch.arange(o["batch"], device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: in-batch loss {loss.item():.4f}")
    with torch.no_grad():
        index = model.encode_queries(pairs(4, seed=99)[0].to(fabric.device))
    fabric.print("query embeddings:", tuple(index.shape))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Tower}))
    fabric.launch(train, complete(EXPERIMENT))
