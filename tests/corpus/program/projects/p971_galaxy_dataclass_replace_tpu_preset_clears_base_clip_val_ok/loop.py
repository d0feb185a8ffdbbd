"""The training step: clipping as the config's `clip` section says."""
from dataclasses import asdict

import torch.nn.functional as F


def train_step(fabric, model, optimizer, images, labels, cfg):
    loss = F.cross_entropy(model(images), labels)
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, **asdict(cfg.clip))
    optimizer.step()
    optimizer.zero_grad()
    return loss.detach()
