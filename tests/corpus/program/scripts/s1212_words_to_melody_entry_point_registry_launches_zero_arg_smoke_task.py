# expect: LXF018
# oracle: RAISED TypeError: `Fabric.launch(function=<function smoke_main at 0x7f079f85f7e0>)` needs to take at least one argument. The launcher will
"""Entry points of a tiny text-to-melody model, registered with @entry_point; the run launches the one RUN_ENTRY
names (the smoke test before a long job)."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

ENTRY_POINTS = {}
RUN_ENTRY = "smoke"
NOTES, WORDS = 24, 30


def entry_point(name):
    def register(fn):
        ENTRY_POINTS[name] = fn
        return fn

    return register


class MelodyLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(x))


class WordsToMelody(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.words = nn.Linear(WORDS, dim)
        self.layers = nn.Sequential(MelodyLayer(dim), MelodyLayer(dim))
        self.notes = nn.Linear(dim, NOTES)

    def forward(self, bag_of_words):
        return self.notes(self.layers(self.words(bag_of_words)))


FABRIC = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MelodyLayer}))


def fit(fabric, steps):
    model = fabric.setup_module(WordsToMelody())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        words = (torch.rand(8, WORDS, device=fabric.device) < 0.2).float()
        notes = words.argmax(-1) % NOTES
        loss = F.cross_entropy(model(words), notes)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


@entry_point("train")
def train_main(fabric):
    fit(fabric, steps=5)


@entry_point("smoke")
def smoke_main():
    fit(FABRIC, steps=1)


if __name__ == "__main__":
    FABRIC.launch(ENTRY_POINTS[RUN_ENTRY])
