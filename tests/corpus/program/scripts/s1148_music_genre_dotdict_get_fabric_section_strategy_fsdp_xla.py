# expect: LXF034
# oracle: RAISED ValueError: You selected an invalid strategy name: `strategy='fsdp_xla'`. It must be either a string or an instance of `lightning.fa
"""Music genre classification from chroma features; settings are a `DotDict` whose missing keys read as None."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from torch import nn


class DotDict(dict):
    __getattr__ = dict.get
    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__


def dotdict(obj):
    """Wrap a nested dict (and the dicts inside its lists) in DotDicts."""
    if isinstance(obj, dict):
        return DotDict({k: dotdict(v) for k, v in obj.items()})
    if isinstance(obj, list):
        return [dotdict(v) for v in obj]
    return obj


HPARAMS = dotdict({
    "fabric": {"accelerator": "tpu", "strategy": "fsdp_xla"},
    "features": {"chroma": 12, "frames": 64},
    "genres": ["blues", "classical", "jazz", "metal", "pop"],
    "model": {"width": 48},
    "train": {"lr": 1e-3, "steps": 3, "batch": 10},
})


class GenreNet(nn.Module):
    def __init__(self, chroma, frames, width, n_genres):
        super().__init__()
        self.conv = nn.Conv1d(chroma, width, 5, padding=2)
        self.pool = nn.AdaptiveAvgPool1d(8)
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(width * 8, width), nn.ReLU(), nn.Linear(width, n_genres))

    def forward(self, x):
        return self.fc(self.pool(F.relu(self.conv(x))))


def clips(batch, chroma, frames, n_genres, step):
    gen = torch.Generator().manual_seed(step)
    genre = torch.randint(0, n_genres, (batch,), generator=gen)
    x = torch.randn(batch, chroma, frames, generator=gen)
    x[:, :n_genres] += F.one_hot(genre, chroma)[:, :n_genres, None].float()
    return x, genre


def train(fabric):
    hp = HPARAMS
    n = len(hp.genres)
    model = fabric.setup_module(GenreNet(hp.features.chroma, hp.features.frames, hp.model.width, n))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=hp.train.lr))
    for step in range(hp.train.steps):
        x, genre = clips(hp.train.batch, hp.features.chroma, hp.features.frames, n, step)
        loss = F.cross_entropy(model(x.to(fabric.device)), genre.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def main():
    fabric = Fabric(**HPARAMS.fabric)
    fabric.launch(train)


if __name__ == "__main__":
    main()
