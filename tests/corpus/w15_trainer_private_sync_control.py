# expect: LXF003
# real: RAISED TypeError: Blocking backward sync is only possible if the module passed to `_XLAFSDPBackwardSyncControl.no_backward_sync` is wrappe
# findings: LXF003 error 34
"""Gradient accumulation that reaches for the strategy's backward-sync control, from a Trainer class."""
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
    def __init__(self, fabric, accumulate=2):
        self.fabric = fabric
        self.accumulate = accumulate

    def setup(self, model):
        self.model = self.fabric.setup_module(model)
        self.optimizer = self.fabric.setup_optimizers(torch.optim.SGD(self.model.parameters(), lr=0.01))

    def sync_context(self, micro_step):
        accumulating = (micro_step + 1) % self.accumulate != 0
        control = self.fabric.strategy._backward_sync_control
        return control.no_backward_sync(self.model, accumulating)

    def run(self, micro_steps=2):
        for micro_step in range(micro_steps):
            x = torch.randn(4, 4, device=self.fabric.device)
            with self.sync_context(micro_step):
                loss = F.mse_loss(self.model(x), x)
                self.fabric.backward(loss)
            if (micro_step + 1) % self.accumulate == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()


def main(fabric):
    trainer = Trainer(fabric)
    trainer.setup(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    trainer.run()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
