"""Training loop written for sharded weights: the optimizer is built from the set-up module."""
import torch
import torch.nn.functional as F

from qp.data import pairs
from qp.model import DuplicateDetector


def fit(fabric, run):
    model = fabric.setup_module(DuplicateDetector(run.vocab))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=run.lr))
    for step in range(run.steps):
        a, b, dup = pairs(run.batch_size, run.vocab, seed=step)
        logits = model(a.to(fabric.device), b.to(fabric.device))
        loss = F.binary_cross_entropy_with_logits(logits, dup.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")
