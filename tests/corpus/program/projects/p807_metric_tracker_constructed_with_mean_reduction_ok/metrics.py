"""Running metrics synchronised across replicas. Each tracker reduces with the op it was built with."""
import torch


class Tracker:
    def __init__(self, fabric, name, reduce="mean", window=10):
        self.fabric = fabric
        self.name = name
        self.reduce = reduce
        self.window = window
        self.history = []

    def update(self, value):
        value = value.detach() if torch.is_tensor(value) else torch.tensor(float(value), device=self.fabric.device)
        synced = self.fabric.all_reduce(value, reduce_op=self.reduce)
        self.history = (self.history + [synced.item()])[-self.window :]
        return self.history[-1]

    def reset(self):
        self.history.clear()

    def smoothed(self):
        return sum(self.history) / max(len(self.history), 1)

    def worst_replica(self, value):
        # used when chasing stragglers on the DDP cluster
        return self.fabric.all_reduce(value, reduce_op="max")

    def __repr__(self):
        return f"{self.name}={self.smoothed():.4f}"
