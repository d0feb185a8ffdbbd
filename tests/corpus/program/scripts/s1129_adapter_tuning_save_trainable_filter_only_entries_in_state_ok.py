# expect: none
# oracle: OK
# twin: s1128_adapter_tuning_save_trainable_filter_names_ema_key_missing
"""Sentiment adapter tuning: the backbone is frozen, only the bottleneck adapters and the head train, and only they are saved."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

VOCAB, DIM, CLASSES = 400, 32, 3
TRAINABLE = ("adapter", "head")


class Adapter(nn.Module):
    def __init__(self, dim, bottleneck=8):
        super().__init__()
        self.down = nn.Linear(dim, bottleneck)
        self.up = nn.Linear(bottleneck, dim)

    def forward(self, x):
        return x + self.up(torch.relu(self.down(x)))


class Layer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())
        self.adapter = Adapter(dim)

    def forward(self, x):
        return self.adapter(x + self.ff(x))


class SentimentModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.EmbeddingBag(VOCAB, DIM)
        self.layers = nn.Sequential(Layer(DIM), Layer(DIM))
        self.head = nn.Linear(DIM, CLASSES)

    def forward(self, tokens):
        return self.head(self.layers(self.embed(tokens)))


def freeze_backbone(model):
    for name, p in model.named_parameters():
        p.requires_grad = any(part in name for part in TRAINABLE)
    return model


def keep_trainable(name, _value):
    return any(part in name for part in TRAINABLE)


def save_adapters(fabric, path, state, entries=("model", "ema")):
    """Writes only the adapter and head weights of the given entries (the EMA copy too, in runs that keep one)."""
    fabric.save(path, state, filter={entry: keep_trainable for entry in entries if entry in state})


def reviews(n, seed):
    gen = torch.Generator().manual_seed(seed)
    label = torch.randint(0, CLASSES, (n,), generator=gen)
    tokens = label[:, None] * (VOCAB // CLASSES) + torch.randint(0, VOCAB // CLASSES, (n, 10), generator=gen)
    return tokens, label


def main(fabric):
    out_dir = tempfile.mkdtemp(prefix="adapters-")
    model = fabric.setup_module(freeze_backbone(SentimentModel()))
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(trainable or model.parameters(), lr=1e-3))
    for step in range(3):
        tokens, label = reviews(16, seed=step)
        loss = F.cross_entropy(model(tokens.to(fabric.device)), label.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    save_adapters(fabric, os.path.join(out_dir, "adapters-step3"), {"model": model, "step": 3})
    fabric.print(f"saved adapters, final loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Layer}))
    fabric.launch(main)
