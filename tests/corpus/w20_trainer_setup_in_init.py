# expect: LXF019
# real: RAISED RuntimeError: To use Fabric with more than one device, you must call `.launch()` or use the CLI: `fabric run --help`.
# findings: LXF019 error 25, LXF019 error 26
"""A Trainer that sets the model up in its constructor; the constructor runs in the main process."""
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
    def __init__(self, fabric, model):
        self.fabric = fabric
        self.model = fabric.setup_module(model)
        self.optimizer = fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=1e-3))

    def fit(self, fabric, steps=2):
        for _ in range(steps):
            x = torch.randn(2, 4, device=fabric.device)
            loss = F.mse_loss(self.model(x), x)
            fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()


def build_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    trainer = Trainer(fabric, build_model())
    fabric.launch(trainer.fit)
