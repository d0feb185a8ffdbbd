# expect: none
# oracle: OK
# twin: s982_sentiment_env_core_count_default_one
"""Bag-of-embeddings sentiment classifier; the TPU core count comes from the environment, with the team's default when unset."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

POSITIVE = ["great", "loved", "superb", "fun", "moving"]
NEGATIVE = ["dull", "boring", "awful", "slow", "bad"]
VOCAB = {w: i + 1 for i, w in enumerate(POSITIVE + NEGATIVE + ["the", "plot", "was", "acting", "and"])}


class Pooler(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())

    def forward(self, x):
        return self.ff(x)


class SentimentNet(nn.Module):
    def __init__(self, vocab_size, dim=32):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, dim, mode="mean")
        self.pool = Pooler(dim)
        self.out = nn.Linear(dim, 2)

    def forward(self, ids):
        return self.out(self.pool(self.embed(ids)))


def reviews(n, length=6):
    gen = torch.Generator().manual_seed(0)
    labels = torch.randint(0, 2, (n,), generator=gen)
    words = []
    for label in labels.tolist():
        pool = POSITIVE if label else NEGATIVE
        picks = torch.randint(0, len(pool), (length,), generator=gen).tolist()
        words.append([VOCAB[pool[i]] for i in picks[:3]] + [VOCAB["the"], VOCAB["plot"], VOCAB["was"]])
    return torch.tensor(words), labels


def env_devices(name, default):
    raw = os.environ.get(name, default)
    return raw if raw == "auto" else int(raw)


def hardware_from_env():
    return {
        "accelerator": os.environ.get("FABRIC_ACCELERATOR", "tpu"),
        "devices": env_devices("TPU_CORES", "auto"),
    }


def train(fabric):
    model = fabric.setup_module(SentimentNet(len(VOCAB) + 1))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=5e-3))
    ids, labels = reviews(32)
    for step in range(3):
        logits = model(ids.to(fabric.device))
        loss = F.cross_entropy(logits, labels.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(**hardware_from_env(), strategy=XLAFSDPStrategy(auto_wrap_policy={Pooler}))
    fabric.launch(train)
