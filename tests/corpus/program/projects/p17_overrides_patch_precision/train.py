# expect: LXF007
# oracle: RAISED ValueError: `precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: overrides.py
"""python train.py: the low-memory experiment (overrides.py patches the defaults)."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import defaults
import overrides  # noqa: F401  (applies the experiment's settings)
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=defaults.LR))
    for _ in range(defaults.STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        precision=defaults.PRECISION,
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
    )
    fabric.launch(train)
