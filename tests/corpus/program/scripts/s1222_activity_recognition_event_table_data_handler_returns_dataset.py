# expect: LXF040
# oracle: RAISED TypeError: Only PyTorch DataLoader are currently supported in `setup_dataloaders`.
"""Human-activity recognition from synthetic accelerometer windows; the run's pieces are event handlers registered by name in `HANDLERS` and looked up by the trainer."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

HANDLERS = {}
WINDOW, CHANNELS, ACTIVITIES = 24, 3, 5


def on(event):
    def register(fn):
        HANDLERS[event] = fn
        return fn

    return register


class ConvClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(CHANNELS, 16, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(1))
        self.head = nn.Linear(16, ACTIVITIES)

    def forward(self, x):
        return self.head(self.conv(x).flatten(1))


@on("build_data")
def synthetic_windows(fabric, n=64):
    signals = torch.randn(n, CHANNELS, WINDOW)
    labels = torch.randint(0, ACTIVITIES, (n,))
    return TensorDataset(signals, labels)


@on("build_model")
def build_model(fabric):
    return ConvClassifier()


@on("batch_end")
def log_batch(fabric, step, loss):
    if step % 2 == 0:
        fabric.print(f"batch {step}: loss {loss.item():.3f}")


def run(fabric):
    model = fabric.setup_module(HANDLERS["build_model"](fabric))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05))
    loader = fabric.setup_dataloaders(HANDLERS["build_data"](fabric))
    for step, (x, y) in enumerate(loader):
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        HANDLERS["batch_end"](fabric, step, loss)
        if step == 3:
            break


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
