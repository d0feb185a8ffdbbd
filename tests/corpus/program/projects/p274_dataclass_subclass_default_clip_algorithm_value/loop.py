"""One optimisation step, clipped as the run's config says."""
import torch
import torch.nn.functional as F


def train_step(fabric, model, optimizer, cfg):
    x = torch.randn(cfg.batch_size, 32, device=fabric.device)
    y = torch.randint(0, 4, (cfg.batch_size,), device=fabric.device)
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, **cfg.clip_kwargs)
    optimizer.step()
    optimizer.zero_grad()
    return loss
