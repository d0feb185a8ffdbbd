# expect: LXF018
# real: RAISED TypeError: `Fabric.launch(function=<function Experiment.run at 0x7f23f95432e0>)` needs to take at least one argument. The launcher 
# findings: LXF018 error 41
"""The entry point is a static method of an experiment class and reads the Fabric from a global."""
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


FABRIC = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))


class Experiment:
    steps = 2

    @staticmethod
    def run():
        model = FABRIC.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
        optimizer = FABRIC.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for _ in range(Experiment.steps):
            x = torch.randn(2, 4, device=FABRIC.device)
            loss = F.mse_loss(model(x), x)
            FABRIC.backward(loss)
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    FABRIC.launch(Experiment.run)
