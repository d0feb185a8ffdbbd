# expect: LXF004
# real: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
# findings: LXF004 error 48
"""A small Trainer class around Fabric with gradient accumulation, ported from our DDP trainer."""
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


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(12, 32), Block(), Block())
        self.head = nn.Linear(32, 4)

    def forward(self, x):
        return self.head(self.backbone(x))


class Trainer:
    def __init__(self, fabric: Fabric, accumulate: int = 2, lr: float = 1e-3):
        self.fabric = fabric
        self.accumulate = accumulate
        self.lr = lr
        self.model = None
        self.optimizer = None

    def setup(self, model: nn.Module):
        self.raw_model = model
        self.model = self.fabric.setup_module(model)
        self.optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.lr))

    def training_step(self, batch, micro_step):
        x, y = batch
        is_accumulating = (micro_step + 1) % self.accumulate != 0
        with self.fabric.no_backward_sync(self.raw_model, enabled=is_accumulating):
            loss = F.cross_entropy(self.model(x), y)
            self.fabric.backward(loss / self.accumulate)
        if not is_accumulating:
            self.optimizer.step()
            self.optimizer.zero_grad()
        return loss

    def fit(self, num_micro_steps: int):
        for micro_step in range(num_micro_steps):
            batch = (torch.randn(4, 12, device=self.fabric.device), torch.randint(0, 4, (4,), device=self.fabric.device))
            loss = self.training_step(batch, micro_step)
        self.fabric.print(f"last loss {loss.item():.3f}")


def main(fabric):
    trainer = Trainer(fabric, accumulate=2)
    trainer.setup(Classifier())
    trainer.fit(num_micro_steps=2)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
