# expect: LXF039
# oracle: RAISED ValueError: A model should be passed only once to the `setup_module` method.
"""License-plate character recognizer (16x8 glyph crops, 36 classes): train, then a held-out evaluation pass."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CHARS = 36


class GlyphNet(nn.Module):
    def __init__(self, hidden: int = 96):
        super().__init__()
        self.body = nn.Sequential(nn.Flatten(), nn.Linear(16 * 8, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.classifier = nn.Linear(hidden, CHARS)

    def forward(self, crops):
        return self.classifier(self.body(crops))


def crops(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    label = torch.randint(0, CHARS, (batch,), generator=gen)
    glyph = torch.zeros(batch, 16, 8)
    glyph[torch.arange(batch), label % 16, label // 16 * 3] = 1.0
    return glyph + 0.1 * torch.randn(batch, 16, 8, generator=gen), label


def start(fabric, fn=None, *args):
    """Under `fabric run` the processes exist already (launch() without a function); otherwise spawn ``fn``."""
    if fn is None:
        fabric.launch()
        return None
    return fabric.launch(fn, *args)


@torch.no_grad()
def evaluate(fabric, model, *, already_set_up=False):
    """Accuracy on a fixed held-out batch; sets ``model`` up first unless the caller says it already is."""
    if not already_set_up:
        model = fabric.setup_module(model)
    x, y = crops(128, seed=99)
    return (model(x.to(fabric.device)).argmax(1) == y.to(fabric.device)).float().mean().item()


def train(fabric, steps):
    model = fabric.setup_module(GlyphNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    for step in range(steps):
        x, y = crops(64, seed=step)
        loss = F.cross_entropy(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"held-out accuracy: {evaluate(fabric, model):.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    start(fabric, train, 3)
