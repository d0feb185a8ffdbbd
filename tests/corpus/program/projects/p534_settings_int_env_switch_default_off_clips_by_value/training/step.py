"""One optimisation step, for the pod and for the GPU cluster."""
import torch.nn.functional as F

from settings import MAX_NORM, USE_XLA


def step(fabric, model, optimizer, x, y):
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    if USE_XLA:
        fabric.clip_gradients(model, optimizer, max_norm=MAX_NORM)
    else:
        # the GPU recipe clips each gradient entry
        fabric.clip_gradients(model, optimizer, clip_val=0.5)
    optimizer.step()
    optimizer.zero_grad()
    return loss
