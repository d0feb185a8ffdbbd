"""The training loop: model and optimizer are built, then handed to Fabric."""
import torch
import torch.nn.functional as F

from trainkit.model import Net
from trainkit.optim import make_optimizer


def fit(fabric, steps: int = 2) -> None:
    net = Net()
    optimizer = make_optimizer(net)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
