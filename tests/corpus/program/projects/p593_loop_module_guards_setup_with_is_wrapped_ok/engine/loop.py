"""The training loop, also used by the notebooks with a plain model."""
import torch
import torch.nn.functional as F
from lightning.fabric.wrappers import is_wrapped


def fit(fabric, model, optimizer, steps=2):
    if not is_wrapped(model):
        model = fabric.setup_module(model)
    model.train()
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return model
