# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
# flagged-in: train.py
"""Two-moons classifier trained by a small Trainer class; this script hands it an SGD optimizer it built from the unsharded model."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from data import moon_batches
from trainer import Trainer


def build_model(hidden=32):
    return nn.Sequential(
        nn.Linear(5, hidden),
        nn.ReLU(),
        nn.Linear(hidden, hidden),
        nn.ReLU(),
        nn.Linear(hidden, 2),
    )


def main():
    model = build_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    trainer = Trainer(model, optimizer, max_steps=3)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(trainer.fit, moon_batches)


if __name__ == "__main__":
    main()
