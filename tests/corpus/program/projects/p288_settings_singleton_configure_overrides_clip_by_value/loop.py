"""The training loop; it reads the shared settings when it runs."""
import torch
import torch.nn.functional as F

from model import Net
from settings import settings


def clip(fabric, model, optimizer):
    if settings.clip_by == "value":
        fabric.clip_gradients(model, optimizer, clip_val=settings.grad_clip)
    else:
        fabric.clip_gradients(model, optimizer, max_norm=settings.grad_clip)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings.lr))
    for _ in range(settings.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        clip(fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()
