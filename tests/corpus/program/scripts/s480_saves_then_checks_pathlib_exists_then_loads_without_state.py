# expect: LXF021
# oracle: RAISED ValueError: Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to reload is required
"""python smoke.py: one step, a checkpoint, then the step counter read back from it, as a restarted job would."""
import os
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Residual(nn.Module):
    def __init__(self, width: int = 64):
        super().__init__()
        self.mlp = nn.Sequential(nn.LayerNorm(width), nn.Linear(width, 4 * width), nn.GELU(), nn.Linear(4 * width, width))

    def forward(self, x):
        return x + self.mlp(x)


def build(width: int = 64, depth: int = 3, classes: int = 10) -> nn.Module:
    return nn.Sequential(*[Residual(width) for _ in range(depth)], nn.Linear(width, classes))


RUN_DIR = Path(os.environ.get("RUN_DIR", "runs/smoke"))


def smoke(fabric):
    model = fabric.setup_module(build())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9))
    x = torch.randn(16, 64, device=fabric.device)
    y = torch.randint(0, 10, (16,), device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()
    optimizer.zero_grad()

    last = RUN_DIR / "last.ckpt"
    fabric.save(str(last), {"model": model, "optimizer": optimizer, "step": 1})
    if not last.exists():
        fabric.print("nothing written, skipping the resume check")
        return
    left = fabric.load(str(last))
    fabric.print(f"checkpoint at step {left['step']}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Residual}, state_dict_type="sharded")
    Fabric(accelerator="tpu", strategy=strategy).launch(smoke)
