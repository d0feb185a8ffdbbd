# expect: LXF017
# real: RAISED RuntimeError: To use Fabric with more than one device, you must call `.launch()` or use the CLI: `fabric run --help`.
# findings: LXF017 error 42
"""A Trainer object's fit method is called inside launch instead of being passed to it."""
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
    def __init__(self, fabric, steps=2):
        self.fabric = fabric
        self.steps = steps

    def fit(self):
        model = self.fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
        optimizer = self.fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for _ in range(self.steps):
            x = torch.randn(2, 4, device=self.fabric.device)
            loss = F.mse_loss(model(x), x)
            self.fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()


# The same script runs on a single TPU host or a pod slice; nothing below depends on the host count.
if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    trainer = Trainer(fabric)
    fabric.launch(trainer.fit())
