# expect: none
# real: OK
# findings: none
"""fit() calls setup() first, which replaces self.model with the set-up module; accumulation uses it."""
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
    def __init__(self, fabric, model, accumulate=2):
        self.fabric = fabric
        self.model = model
        self.accumulate = accumulate

    def setup(self):
        self.model = self.fabric.setup_module(self.model)
        self.optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=1e-3))

    def fit(self, micro_steps=4):
        self.setup()
        for i in range(micro_steps):
            x = torch.randn(2, 4, device=self.fabric.device)
            accumulating = (i + 1) % self.accumulate != 0
            with self.fabric.no_backward_sync(self.model, enabled=accumulating):
                loss = F.mse_loss(self.model(x), x)
                self.fabric.backward(loss)
            if not accumulating:
                self.optimizer.step()
                self.optimizer.zero_grad()
        self.fabric.save("ckpt", {"model": self.model, "optimizer": self.optimizer})


def main(fabric):
    Trainer(fabric, nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
