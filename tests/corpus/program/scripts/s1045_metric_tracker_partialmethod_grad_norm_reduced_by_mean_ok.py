# expect: none
# oracle: OK
# twin: s1044_metric_tracker_partialmethod_grad_norm_reduced_by_max
"""Sentence-pair similarity model; a MetricTracker names its reductions with `functools.partialmethod` and the loop logs through them."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class MetricTracker:
    """Keeps the last cross-replica value of each metric."""

    def __init__(self, fabric):
        self.fabric = fabric
        self.values = {}

    def _record(self, name, value, reduce_op):
        self.values[name] = self.fabric.all_reduce(value.detach(), reduce_op=reduce_op)

    log_loss = functools.partialmethod(_record, reduce_op="mean")
    log_tokens = functools.partialmethod(_record, reduce_op="sum")
    log_grad_norm = functools.partialmethod(_record, reduce_op="mean")

    def summary(self):
        return ", ".join(f"{k}={v.item():.3f}" for k, v in self.values.items())


class SiameseEncoder(nn.Module):
    def __init__(self, vocab=500, dim=48):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim)
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))

    def forward(self, left, right):
        a = F.normalize(self.proj(self.embed(left)), dim=-1)
        b = F.normalize(self.proj(self.embed(right)), dim=-1)
        return (a * b).sum(-1)


def run(fabric, steps=3):
    model = fabric.setup_module(SiameseEncoder())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    tracker = MetricTracker(fabric)
    for step in range(steps):
        left = torch.randint(0, 500, (16, 12), device=fabric.device)
        right = torch.randint(0, 500, (16, 12), device=fabric.device)
        target = torch.rand(16, device=fabric.device) * 2 - 1
        loss = F.mse_loss(model(left, right), target)
        fabric.backward(loss)
        grad_norm = torch.sqrt(sum((p.grad.float() ** 2).sum() for p in model.parameters() if p.grad is not None))
        optimizer.step()
        optimizer.zero_grad()
        tracker.log_loss("loss", loss)
        tracker.log_tokens("tokens", torch.tensor(float(left.numel() + right.numel()), device=fabric.device))
        tracker.log_grad_norm("grad_norm", grad_norm)
        fabric.print(f"step {step}: {tracker.summary()}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(run)
