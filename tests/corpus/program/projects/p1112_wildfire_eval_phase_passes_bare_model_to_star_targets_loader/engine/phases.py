"""The two phases of a run: fit the model and checkpoint it, then score a fresh copy restored from the checkpoint."""
import torch
import torch.nn.functional as F

from engine import checkpointing
from model import GRID, FireNet


def scenes(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    fire = (torch.rand(batch, GRID, GRID, generator=gen) < 0.05).float()
    fuel = torch.rand(batch, GRID, GRID, generator=gen)
    wind = torch.randn(batch, 2, 1, 1, generator=gen).expand(batch, 2, GRID, GRID)
    spread = F.max_pool2d(fire.unsqueeze(1), 3, stride=1, padding=1).squeeze(1) * (fuel > 0.3).float()
    return torch.cat([fire.unsqueeze(1), fuel.unsqueeze(1), wind], dim=1), spread


def fit(fabric, path, steps):
    model = fabric.setup_module(FireNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        x, y = scenes(8, step)
        loss = F.binary_cross_entropy_with_logits(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    checkpointing.save(fabric, path, model, optimizer, step=steps)


@torch.no_grad()
def score(fabric, path):
    model = fabric.setup_module(FireNet())
    checkpointing.load(fabric, path, model)
    x, y = scenes(16, seed=1000)
    burned = model(x.to(fabric.device)) > 0
    target = y.to(fabric.device) > 0.5
    iou = (burned & target).sum() / (burned | target).sum().clamp(min=1)
    return iou.item()
