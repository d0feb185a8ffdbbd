# expect: LXF040
# oracle: RAISED TypeError: Only PyTorch DataLoader are currently supported in `setup_dataloaders`.
"""Log-line anomaly scorer (bag-of-tokens MLP over synthetic syslog lines); how batches are fed is picked by a `match` on a mode string."""
import random

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, Dataset, IterableDataset

TOKENS = ["kernel", "usb", "disk", "error", "timeout", "sshd", "accepted", "failed", "password", "root",
          "cron", "session", "opened", "closed", "oom", "killed", "segfault", "eth0", "link", "up"]
VOCAB = {t: i for i, t in enumerate(TOKENS)}
LOADER_MODE = "stream"      # "map" when the logs fit in memory
BATCH = 16


def fake_line(rng):
    anomalous = rng.random() < 0.2
    pool = TOKENS[13:] if anomalous else TOKENS[:13]
    return [rng.choice(pool) for _ in range(rng.randint(3, 8))], float(anomalous)


def featurize(words):
    x = torch.zeros(len(VOCAB))
    for w in words:
        x[VOCAB[w]] += 1.0
    return x


class LogLines(Dataset):
    def __init__(self, n=256, seed=0):
        rng = random.Random(seed)
        self.rows = [fake_line(rng) for _ in range(n)]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        words, y = self.rows[i]
        return featurize(words), torch.tensor(y)


class LogStream(IterableDataset):
    """Tails the (synthetic) log and yields ready-made batches."""

    def __init__(self, batch_size, batches=4, seed=0):
        self.batch_size, self.batches, self.seed = batch_size, batches, seed

    def __iter__(self):
        rng = random.Random(self.seed)
        for _ in range(self.batches):
            rows = [fake_line(rng) for _ in range(self.batch_size)]
            yield torch.stack([featurize(w) for w, _ in rows]), torch.tensor([y for _, y in rows])


def make_loader(mode, batch_size):
    match mode:
        case "map":
            return DataLoader(LogLines(), batch_size=batch_size, shuffle=True)
        case "stream":
            return LogStream(batch_size)  # already batched, no DataLoader needed
        case other:
            raise ValueError(f"unknown loader mode {other!r}")


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(len(VOCAB), 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def train(fabric):
    model = fabric.setup_module(Scorer())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    loader = fabric.setup_dataloaders(make_loader(LOADER_MODE, BATCH))
    for step, (x, y) in enumerate(loader):
        with fabric.autocast():
            loss = F.binary_cross_entropy_with_logits(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"batch {step}: bce {loss.item():.4f}")
        if step == 2:
            break


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
