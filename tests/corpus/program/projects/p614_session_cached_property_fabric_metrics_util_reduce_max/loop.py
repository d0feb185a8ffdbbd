import torch
import torch.nn.functional as F

from model import Net
from utils.metrics import log_losses


def fit(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step == steps - 1:
            log_losses(fabric, step, loss)
