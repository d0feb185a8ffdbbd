"""The training loops; train.py builds the one TRAINER names (`SteadyTrainer` for TRAINER=Steady)."""
import torch
import torch.nn.functional as F

from trainers.mixins import GradClipMixin


class Trainer:
    def __init__(self, fabric, steps=2):
        self.fabric = fabric
        self.steps = steps

    def step(self, model, optimizer, x, y):
        self.fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()

    def fit(self, model, optimizer):
        for _ in range(self.steps):
            x = torch.randn(8, 32, device=self.fabric.device)
            self.step(model, optimizer, x, torch.randint(0, 4, (8,), device=self.fabric.device))


class SteadyTrainer(GradClipMixin, Trainer):
    clip_val = 1.0

    def step(self, model, optimizer, x, y):
        self.fabric.backward(F.cross_entropy(model(x), y))
        self.clip(model, optimizer)
        optimizer.step()
        optimizer.zero_grad()


class WarmupTrainer(SteadyTrainer):
    clip_val = 0.1
