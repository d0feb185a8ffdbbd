"""The training loop."""
import torch
import torch.nn.functional as F

from ..model import Net
from .ckpt import save_checkpoint


def fit(fabric, steps: int = 2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    save_checkpoint(fabric, steps, {"model": model, "optimizer": optimizer, "step": steps})
