"""The epoch loop; everything strategy-specific goes through ..utils.dist."""
import torch
import torch.nn.functional as F

from ..utils.dist import count_parameters, mean_over_replicas, rank_zero_info, save_checkpoint


def hashed_bag(size, hashed=64, active=5):
    """Multi-hot rows: each id list hashed into `hashed` buckets."""
    ids = torch.randint(0, hashed, (size, active))
    return torch.zeros(size, hashed).scatter_(1, ids, 1.0)


def fake_batch(fabric, size):
    users = hashed_bag(size)
    items = hashed_bag(size)
    descriptors = torch.randn(size, 24)
    clicks = torch.bernoulli(torch.full((size,), 0.3))
    return fabric.to_device((users, items, descriptors, clicks))


def fit(fabric, model, optimizer, encoder, epochs, steps_per_epoch, ckpt_dir):
    rank_zero_info(fabric, f"training {count_parameters(model):,} parameters")
    for epoch in range(epochs):
        for _ in range(steps_per_epoch):
            users, items, descriptors, clicks = fake_batch(fabric, 32)
            logits = model(users, items, encoder(descriptors))
            loss = F.binary_cross_entropy_with_logits(logits, clicks)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        epoch_loss = mean_over_replicas(fabric, loss.detach())
        rank_zero_info(fabric, f"epoch {epoch}: loss {epoch_loss.item():.4f}")
        save_checkpoint(
            fabric, ckpt_dir, f"epoch-{epoch}", model, optimizer,
            epoch=epoch, encoder=encoder.state_dict(),
        )
