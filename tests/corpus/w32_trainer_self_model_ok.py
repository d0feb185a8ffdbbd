# expect: none
# real: OK
# findings: none
"""Trainer keeping the raw module on `self.module` and the set-up one on `self.model`, used correctly."""
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
    def __init__(self, fabric, module, accumulate=2):
        self.fabric = fabric
        self.module = module
        self.accumulate = accumulate
        self.model = None
        self.optimizer = None

    def configure_optimizers(self):
        return torch.optim.AdamW(self.model.parameters(), lr=1e-3)

    def setup(self):
        self.model = self.fabric.setup_module(self.module)
        self.optimizer = self.fabric.setup_optimizers(self.configure_optimizers())

    def fit(self, micro_steps=2):
        self.setup()
        for i in range(micro_steps):
            x = torch.randn(2, 4, device=self.fabric.device)
            accumulating = (i + 1) % self.accumulate != 0
            with self.fabric.no_backward_sync(self.model, enabled=accumulating):
                loss = F.mse_loss(self.model(x), x)
                self.fabric.backward(loss / self.accumulate)
            if not accumulating:
                self.fabric.clip_gradients(self.model, self.optimizer, max_norm=2.0)
                self.optimizer.step()
                self.optimizer.zero_grad()
        self.fabric.save("trainer-ckpt", {"model": self.model, "optimizer": self.optimizer, "micro_step": i})


def main(fabric):
    module = nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4))
    Trainer(fabric, module).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
