"""One function per sub-command; each runs inside the launched processes."""
import torch
import torch.nn.functional as F
from torch import nn

import checkpoints


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def build_model():
    return nn.Sequential(Block(), Block(), nn.Linear(32, 4))


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


def run_train(fabric, ckpt_dir, steps, lr, check_reload):
    model = fabric.setup_module(build_model())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    for _ in range(steps):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()
    path = checkpoints.save(fabric, ckpt_dir, steps, model, optimizer)
    if check_reload:
        fresh = fabric.setup_module(build_model())
        checkpoints.load_weights(fabric, path, fresh)
        fabric.print("checkpoint reloads fine")


def run_eval(fabric, ckpt_dir, steps, step):
    model = checkpoints.load_weights(fabric, checkpoints.path_for(ckpt_dir, step), fabric.setup_module(build_model()))
    x, y = batch(fabric)
    with torch.no_grad():
        fabric.print(F.cross_entropy(model(x), y).item())
