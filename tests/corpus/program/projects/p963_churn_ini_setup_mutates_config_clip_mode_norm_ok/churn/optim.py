"""The optimisation step, with the gradient clipping the settings ask for."""
import torch.nn.functional as F

from churn.settings import CONFIG


def clip_kwargs() -> dict:
    key = "clip_val" if CONFIG.clip_mode == "value" else "max_norm"
    return {key: CONFIG.clip_threshold}


def optimizer_step(fabric, model, optimizer, x, y):
    loss = F.binary_cross_entropy_with_logits(model(x), y)
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, **clip_kwargs())
    optimizer.step()
    optimizer.zero_grad()
    return loss.detach()
