"""One micro-batch: skip the gradient sync until the accumulation boundary, then step."""
import torch.nn.functional as F


def accumulation_step(fabric, module, optimizer, mfcc, speaker, boundary):
    with fabric.no_backward_sync(module, enabled=not boundary):
        loss = F.cross_entropy(module(mfcc), speaker)
        fabric.backward(loss)
    if boundary:
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()
