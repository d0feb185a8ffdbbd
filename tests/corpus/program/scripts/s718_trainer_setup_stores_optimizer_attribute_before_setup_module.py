# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""python train.py: a Trainer class keeps the model as an attribute; its setup stores the optimizer on the trainer, then sets the model up and the stored optimizer."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass
class Hparams:
    lr: float = 1e-3
    weight_decay: float = 0.01
    steps: int = 2


class Trainer:
    def __init__(self, fabric, model, hparams):
        self.fabric = fabric
        self.model = model
        self.hparams = hparams

    def setup(self):
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.hparams.lr, weight_decay=self.hparams.weight_decay)
        self.model = self.fabric.setup_module(self.model)
        self.optimizer = self.fabric.setup_optimizers(self.optimizer)

    def fit(self):
        self.setup()
        for _ in range(self.hparams.steps):
            x = torch.randn(8, 16, device=self.fabric.device)
            loss = F.mse_loss(self.model(x), torch.zeros(8, 1, device=self.fabric.device))
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()


def main(fabric):
    Trainer(fabric, nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1)), Hparams()).fit()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
