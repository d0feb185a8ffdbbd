"""The fine-tuning loop."""
import torch
import torch.nn.functional as F

from ..configs import base
from .checkpoint import save_head


def synthetic_reviews(device):
    ids = torch.randint(1, base.VOCAB, (base.BATCH, base.SEQ_LEN), device=device)
    labels = (ids < base.VOCAB // 2).float().mean(dim=1).gt(0.5).long()  # "positive" words are the low ids
    return ids, labels


def fit(fabric, model, optimizer, out_dir):
    for step in range(1, base.STEPS + 1):
        ids, labels = synthetic_reviews(fabric.device)
        loss = F.cross_entropy(model(ids), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")
        if step % base.SAVE_EVERY == 0:
            path = save_head(fabric, out_dir, step, {"model": model, "optimizer": optimizer, "step": step})
            fabric.print(f"saved {path}")
