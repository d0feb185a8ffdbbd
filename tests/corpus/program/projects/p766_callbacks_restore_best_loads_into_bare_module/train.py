# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
# flagged-in: callbacks/best.py
"""Tabular classifier; Fabric callbacks log each epoch, snapshot the best one and restore it when training ends."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from callbacks import ConsoleLogger, RestoreBest
from engine import fit


def make_model(features=24, classes=3):
    return nn.Sequential(
        nn.Linear(features, 96), nn.BatchNorm1d(96), nn.ReLU(), nn.Dropout(0.1),
        nn.Linear(96, 96), nn.ReLU(),
        nn.Linear(96, classes),
    )


def fake_batches(fabric, n, batch_size=32, features=24, classes=3):
    return [
        (torch.randn(batch_size, features, device=fabric.device), torch.randint(0, classes, (batch_size,), device=fabric.device))
        for _ in range(n)
    ]


def main(fabric, epochs=2):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-3))
    fit(fabric, model, optimizer, fake_batches(fabric, 3), fake_batches(fabric, 1), epochs)


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(state_dict_type="sharded"),
        callbacks=[ConsoleLogger(), RestoreBest(dirpath="best", monitor="val_loss")],
    )
    fabric.launch(main)
