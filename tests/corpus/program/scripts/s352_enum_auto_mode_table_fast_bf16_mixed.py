# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""Run modes as an Enum of `auto()` members; a table maps each mode to its precision and remat layers."""
import enum
import os
from enum import auto

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Mode(enum.Enum):
    FAST = auto()
    BALANCED = auto()
    LOW_MEMORY = auto()


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.ln = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc(self.ln(x))


class Model(nn.Module):
    def __init__(self, dim=32, depth=4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 3)

    def forward(self, x):
        return self.head(self.blocks(x))


PRECISION = {
    Mode.FAST: "bf16-mixed",
    Mode.BALANCED: "bf16-true",
    Mode.LOW_MEMORY: "bf16-true",
}
REMAT = {
    Mode.FAST: set(),
    Mode.BALANCED: set(),
    Mode.LOW_MEMORY: {Block},
}


def train(fabric: Fabric) -> None:
    model = fabric.setup_module(Model())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 3, (8,), device=fabric.device)))
    optimizer.step()


def main(mode: Mode = Mode.FAST) -> None:
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=REMAT[mode] or None)
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision=PRECISION[mode])
    fabric.launch(train)


if __name__ == "__main__":
    main(Mode[os.environ.get("RUN_MODE", "FAST").upper()])
