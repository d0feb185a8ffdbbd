"""Epoch loop; everything optional happens in callbacks reached through fabric.call."""
import torch
import torch.nn.functional as F


def evaluate(model, batches):
    model.eval()
    total, count = 0.0, 0
    with torch.no_grad():
        for x, y in batches:
            total += F.cross_entropy(model(x), y, reduction="sum").item()
            count += y.numel()
    model.train()
    return total / count


def fit(fabric, model, optimizer, train_batches, val_batches, epochs):
    fabric.call("on_train_start", fabric=fabric, model=model)
    for epoch in range(epochs):
        for x, y in train_batches:
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        metrics = {"train_loss": loss.item(), "val_loss": evaluate(model, val_batches)}
        fabric.call("on_validation_end", fabric=fabric, epoch=epoch, metrics=metrics, model=model)
    fabric.call("on_train_end", fabric=fabric, model=model)
    return model
