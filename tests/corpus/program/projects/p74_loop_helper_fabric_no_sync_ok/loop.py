import torch


def train_step(fabric, model, optimizer, batches):
    for i, batch in enumerate(batches):
        last = i == len(batches) - 1
        with fabric.no_backward_sync(model, enabled=not last):
            fabric.backward(model(batch).sum())
    optimizer.step()
    optimizer.zero_grad()
