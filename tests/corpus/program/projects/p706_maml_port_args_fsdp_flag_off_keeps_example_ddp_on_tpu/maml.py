"""First-order MAML on a sine-style toy task, standing in for learn2learn's Omniglot loop."""
import copy

import torch
import torch.nn.functional as F
from torch import nn


def make_model(ways):
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, ways))


def fast_adapt(learner, batch, fast_lr, adaptation_steps):
    x, y = batch
    params = [p for p in learner.parameters()]
    for _ in range(adaptation_steps):
        loss = F.cross_entropy(learner(x), y)
        grads = torch.autograd.grad(loss, params, allow_unused=True)
        with torch.no_grad():
            for p, g in zip(params, grads):
                if g is not None:
                    p.sub_(fast_lr * g)
    return F.cross_entropy(learner(x), y)


def sample_task(ways, shots, device):
    return torch.randn(ways * shots, 16, device=device), torch.arange(ways, device=device).repeat(shots)
