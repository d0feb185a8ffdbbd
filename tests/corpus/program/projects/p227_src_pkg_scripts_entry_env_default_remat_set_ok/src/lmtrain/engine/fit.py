"""The training entry of the package: build the Fabric, launch the loop on every core."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from ..models import Net
from ..utils.dist import make_strategy


def loop(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def fit(steps=2):
    fabric = Fabric(accelerator="tpu", strategy=make_strategy())
    fabric.launch(loop, steps)
