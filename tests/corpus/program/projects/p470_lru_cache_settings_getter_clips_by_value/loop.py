"""One optimisation step, clipped as the settings say."""
import torch.nn.functional as F

from settings import get_settings


def step(fabric, model, optimizer, x, y):
    cfg = get_settings()
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, clip_val=cfg.clip_val, max_norm=cfg.max_norm)
    optimizer.step()
    optimizer.zero_grad()
    return loss
