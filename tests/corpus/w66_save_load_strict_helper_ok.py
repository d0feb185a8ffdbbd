# expect: none
# real: OK
# findings: none
"""Sharded save, then a non-strict load into a state built by a helper on the Trainer."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Trainer:
    def __init__(self, fabric):
        self.fabric = fabric
        self.epoch = 0

    def state(self):
        return {"model": self.model, "optimizer": self.optimizer, "epoch": self.epoch}

    def setup(self):
        self.model = self.fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
        self.optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=1e-3))

    def run(self):
        x = torch.randn(2, 4, device=self.fabric.device)
        loss = F.mse_loss(self.model(x), x)
        self.fabric.backward(loss)
        self.optimizer.step()
        self.fabric.save("ckpt", self.state())
        self.fabric.load("ckpt", self.state(), strict=False)


def main(fabric):
    trainer = Trainer(fabric)
    trainer.setup()
    trainer.run()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
