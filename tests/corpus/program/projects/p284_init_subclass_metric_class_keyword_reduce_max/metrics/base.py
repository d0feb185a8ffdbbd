"""A metric accumulates on each replica and reduces across replicas in `compute`.

A subclass says how its value is reduced across replicas as a class keyword: `class X(Metric, reduce="sum")`;
`__init_subclass__` keeps it and registers the class under its name.
"""
import torch

METRICS = {}


class Metric:
    reduce_op = "mean"

    def __init_subclass__(cls, reduce="mean", name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.reduce_op = reduce
        METRICS[name or cls.__name__.lower()] = cls

    def __init__(self):
        self.total = 0.0
        self.count = 0

    def update(self, value):
        self.total += float(value)
        self.count += 1

    def compute(self, fabric):
        local = torch.tensor(self.total / max(self.count, 1), device=fabric.device)
        return fabric.all_reduce(local, reduce_op=self.reduce_op)
