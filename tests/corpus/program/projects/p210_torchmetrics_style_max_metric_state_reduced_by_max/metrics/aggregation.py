"""Aggregations over a stream of values: the running max and the running mean."""
import torch

from metrics.base import Metric


class MaxMetric(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("max_value", torch.tensor(float("-inf")), dist_reduce_fx="max")

    def update(self, value):
        self.max_value = torch.maximum(self.max_value.to(value.device), value.detach().float())

    def compute(self):
        return self.max_value


class MeanMetric(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("total", torch.tensor(0.0), dist_reduce_fx="sum")
        self.add_state("count", torch.tensor(0.0), dist_reduce_fx="sum")

    def update(self, value):
        self.total = self.total.to(value.device) + value.detach().float()
        self.count = self.count.to(value.device) + 1

    def compute(self):
        return self.total / self.count
