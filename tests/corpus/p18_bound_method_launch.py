# expect: none
# findings: none
"""A trainer object whose `fit(self, fabric)` method is launched; XLA FSDP set-up happens inside it,
in the right order, and gradient accumulation uses `fabric.no_backward_sync` on the set-up model."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + torch.relu(self.lin(self.norm(x)))


@dataclass
class Trainer:
    dim: int = 1024
    depth: int = 24
    accumulate: int = 4
    steps: int = 8000
    history: list = field(default_factory=list)

    def fit(self, fabric: Fabric):
        model = fabric.setup_module(nn.Sequential(*[Block(self.dim) for _ in range(self.depth)]))
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-4))
        for i in range(self.steps):
            x = torch.randn(16, self.dim, device=fabric.device)
            accumulating = (i + 1) % self.accumulate != 0
            with fabric.no_backward_sync(model, enabled=accumulating):
                loss = model(x).pow(2).mean()
                fabric.backward(loss / self.accumulate)
            if not accumulating:
                fabric.clip_gradients(model, optimizer, max_norm=1.0, norm_type=2.0)
                optimizer.step()
                optimizer.zero_grad()
                self.history.append(fabric.all_reduce(loss.detach()).item())


if __name__ == "__main__":
    trainer = Trainer()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(trainer.fit)
