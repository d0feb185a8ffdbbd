# expect: none
# real: OK
# findings: none
"""Trainer class with gradient accumulation under XLA FSDP, done with Fabric's API on the set-up model."""
import torch
import torch.nn.functional as F
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + torch.relu(self.lin(self.norm(x)))


def build_model():
    return nn.Sequential(nn.Linear(12, 32), Block(), Block(), nn.Linear(32, 4))


class Trainer:
    def __init__(self, fabric: Fabric, accumulate: int = 2):
        self.fabric = fabric
        self.accumulate = accumulate
        self.global_step = 0

    def setup(self):
        model = build_model()
        self.model = self.fabric.setup_module(model)
        optimizer = torch.optim.AdamW(self.model.parameters(), lr=1e-3)
        self.optimizer = self.fabric.setup_optimizers(optimizer)

    def training_step(self, x, y, micro_step):
        accumulating = (micro_step + 1) % self.accumulate != 0
        with self.fabric.no_backward_sync(self.model, enabled=accumulating):
            loss = F.cross_entropy(self.model(x), y) / self.accumulate
            self.fabric.backward(loss)
        if not accumulating:
            self.fabric.clip_gradients(self.model, self.optimizer, max_norm=1.0)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.global_step += 1
        return loss

    def fit(self, micro_steps):
        for i in range(micro_steps):
            x = torch.randn(4, 12, device=self.fabric.device)
            y = torch.randint(0, 4, (4,), device=self.fabric.device)
            self.training_step(x, y, i)
        self.fabric.print("optimizer steps:", self.global_step)


def main(fabric):
    trainer = Trainer(fabric)
    trainer.setup()
    trainer.fit(4)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
