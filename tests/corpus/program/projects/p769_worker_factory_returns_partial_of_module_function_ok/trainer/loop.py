"""One epoch of supervised training over synthetic batches."""
import torch
import torch.nn.functional as F


def synthetic_batches(fabric, steps, batch_size):
    for _ in range(steps):
        yield (
            torch.randn(batch_size, 3, 32, 32, device=fabric.device),
            torch.randint(0, 10, (batch_size,), device=fabric.device),
        )


def run_epoch(fabric, model, optimizer, steps, batch_size):
    for i, (images, labels) in enumerate(synthetic_batches(fabric, steps, batch_size)):
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if i % 2 == 0:
            fabric.print(f"  batch {i}: {loss.item():.4f}")
