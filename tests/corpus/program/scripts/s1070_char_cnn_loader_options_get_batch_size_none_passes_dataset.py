# expect: LXF040
# oracle: RAISED TypeError: Only PyTorch DataLoader are currently supported in `setup_dataloaders`.
"""Language identification from character trigrams (char-CNN) on a tiny synthetic corpus; loader options live in a dict."""
import random

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

ALPHABETS = {"en": "etaoinshrdlu", "fi": "aitnesloukmv", "pl": "aioeznrwscyk"}
MAX_LEN = 24
LOADER = {"shuffle": True, "drop_last": True}


class CharConv(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)

    def forward(self, x):
        return F.gelu(self.conv(x)) + x


class LangID(nn.Module):
    def __init__(self, n_chars=128, dim=32, n_langs=len(ALPHABETS)):
        super().__init__()
        self.embed = nn.Embedding(n_chars, dim)
        self.convs = nn.Sequential(CharConv(dim), CharConv(dim))
        self.head = nn.Linear(dim, n_langs)

    def forward(self, ids):
        h = self.convs(self.embed(ids).transpose(1, 2))
        return self.head(h.max(dim=-1).values)


def corpus(n, seed=0):
    rng = random.Random(seed)
    langs = sorted(ALPHABETS)
    ids, labels = [], []
    for _ in range(n):
        lang = rng.randrange(len(langs))
        text = "".join(rng.choice(ALPHABETS[langs[lang]]) for _ in range(MAX_LEN))
        ids.append([ord(ch) for ch in text])
        labels.append(lang)
    return TensorDataset(torch.tensor(ids), torch.tensor(labels))


def as_loader(data, batch_size=None, **loader_kwargs):
    """Datasets get a DataLoader; with no batch size the data is taken to be batched already."""
    return data if batch_size is None else DataLoader(data, batch_size=batch_size, **loader_kwargs)


def train(fabric):
    model = fabric.setup_module(LangID())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-3))
    loader = fabric.setup_dataloaders(
        as_loader(corpus(64), batch_size=LOADER.get("batch_size"), shuffle=LOADER.get("shuffle", False),
                  drop_last=LOADER.get("drop_last", False))
    )
    for step, (ids, labels) in enumerate(loader):
        loss = F.cross_entropy(model(ids), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")
        if step == 2:
            break


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={CharConv}))
    fabric.launch(train)
