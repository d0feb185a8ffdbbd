# expect: LXF045
# oracle: RAISED _pickle.PicklingError: Can't pickle <class 'lightning.fabric.wrappers.FabricSGD'>: attribute lookup FabricSGD on lightning.fabric.wrappers fail
"""python train.py: a Trainer builds its OneCycle schedule on the set-up optimizer and its checkpoint method saves the scheduler with the rest."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Trainer:
    def __init__(self, fabric, steps: int = 2):
        self.fabric = fabric
        self.steps = steps
        self.model = fabric.setup_module(nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)))
        self.optimizer = fabric.setup_optimizers(torch.optim.SGD(self.model.parameters(), lr=0.1, momentum=0.9))
        self.scheduler = torch.optim.lr_scheduler.OneCycleLR(self.optimizer, max_lr=0.1, total_steps=steps)

    def fit(self):
        for _ in range(self.steps):
            x = torch.randn(8, 16, device=self.fabric.device)
            y = torch.randint(0, 4, (8,), device=self.fabric.device)
            loss = F.cross_entropy(self.model(x), y)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.scheduler.step()

    def checkpoint(self, path: str):
        self.fabric.save(path, {"model": self.model, "optimizer": self.optimizer, "scheduler": self.scheduler})


def main(fabric):
    trainer = Trainer(fabric)
    trainer.fit()
    trainer.checkpoint("checkpoints/last")


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
