"""One optimization step, clipped as the `clip` settings say."""
import torch.nn.functional as F


def train_step(fabric, model, optimizer, strokes, letters, clip):
    loss = F.cross_entropy(model(strokes), letters)
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, **clip)
    optimizer.step()
    optimizer.zero_grad()
    return loss.detach()
