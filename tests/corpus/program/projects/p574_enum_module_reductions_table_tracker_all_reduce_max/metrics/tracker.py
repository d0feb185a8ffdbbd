"""Accumulates per-step metrics and syncs them across replicas when logged."""
import torch

from metrics.reduction import REDUCTIONS, Reduction


class MetricTracker:
    def __init__(self, fabric):
        self.fabric = fabric
        self.values = {}

    def update(self, name, value):
        self.values[name] = torch.as_tensor(value, dtype=torch.float32, device=self.fabric.device)

    def compute(self):
        out = {}
        for name, value in self.values.items():
            op = REDUCTIONS.get(name, Reduction.MEAN)
            out[name] = self.fabric.all_reduce(value, reduce_op=op.value)
        return out
