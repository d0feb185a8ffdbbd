# expect: LXF035
# oracle: RAISED ValueError: You selected an invalid accelerator name: `accelerator='xla'`. Available names are: auto, cpu, mps, tpu, cuda.
# flagged-in: bootstrap.py
"""python train.py: train the block net on a pod; the environment (see bootstrap.py) picks the settings."""
import bootstrap  # noqa: F401,I001  (fills the environment's defaults before config reads them)

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(config.STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(
        accelerator=config.ACCELERATOR,
        precision=config.PRECISION,
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
    )
    fabric.launch(train)
