# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
"""Speech-emotion classifier on log-mel frames, trained on TPU; validation metrics are plain functions that a `@synced(reduce_op=...)` decorator all-reduces across replicas."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

MELS = 40
FRAMES = 50
EMOTIONS = ("neutral", "happy", "sad", "angry")


def synced(reduce_op="mean"):
    """Run the metric on this replica, then all-reduce the result with `reduce_op`."""

    def decorator(metric_fn):
        @functools.wraps(metric_fn)
        def wrapper(fabric, *args, **kwargs):
            value = metric_fn(fabric, *args, **kwargs)
            return fabric.all_reduce(value, reduce_op=reduce_op)

        return wrapper

    return decorator


class EmotionNet(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.frame = nn.Sequential(nn.Linear(MELS, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.classify = nn.Linear(2 * hidden, len(EMOTIONS))

    def forward(self, mel):
        h = self.frame(mel)
        pooled = torch.cat([h.mean(dim=1), h.amax(dim=1)], dim=-1)
        return self.classify(pooled)


def utterances(n, device):
    labels = torch.randint(0, len(EMOTIONS), (n,), device=device)
    mel = torch.randn(n, FRAMES, MELS, device=device) + labels.view(n, 1, 1).float() * 0.3
    return mel, labels


@synced(reduce_op="mean")
def mean_accuracy(fabric, model, batches):
    hits = [(model(mel).argmax(-1) == labels).float().mean() for mel, labels in batches]
    return torch.stack(hits).mean()


@synced(reduce_op="max")
def worst_batch_loss(fabric, model, batches):
    return torch.stack([F.cross_entropy(model(mel), labels) for mel, labels in batches]).max()


def main(fabric):
    model = fabric.setup_module(EmotionNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(3):
        mel, labels = utterances(16, fabric.device)
        loss = F.cross_entropy(model(mel), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()

    val = [utterances(16, fabric.device) for _ in range(2)]
    with torch.no_grad():
        metrics = {fn.__name__: fn(fabric, model, val).item() for fn in (mean_accuracy, worst_batch_loss)}
    fabric.print(metrics)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main)
