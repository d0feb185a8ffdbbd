"""The ETA training loop: Huber loss in hours."""
import torch
import torch.nn.functional as F

from eta.features import parcels
from eta.model import ETARegressor


def fit(fabric, steps=3, batch_size=64):
    model = fabric.setup_module(ETARegressor())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-3))
    for step in range(steps):
        numeric, hour, weekday, target = (t.to(fabric.device) for t in parcels(batch_size, seed=step))
        loss = F.huber_loss(model(numeric, hour, weekday), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: huber {loss.item():.4f}")
    return loss.item()
