# expect: none
# oracle: OK
# twin: p802_trainer_given_optimizer_built_on_raw_model
"""Two-moons classifier trained by a small Trainer class; the script passes no optimizer, so the Trainer builds one after setup_module."""
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
    trainer = Trainer(model, lr=0.05, max_steps=3)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(trainer.fit, moon_batches)


if __name__ == "__main__":
    main()
