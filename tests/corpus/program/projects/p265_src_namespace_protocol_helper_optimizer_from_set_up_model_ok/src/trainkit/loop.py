"""The training loop: the model is set up first, and the optimizer built from what Fabric returns."""
import torch
import torch.nn.functional as F

from trainkit.model import Net
from trainkit.optim import make_optimizer


def fit(fabric, steps: int = 2) -> None:
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(make_optimizer(model))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
