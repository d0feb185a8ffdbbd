import math

import torch
import torch.nn.functional as F

from .mixins import ResumeMixin
from .model import OBS, PRED, TrajectoryForecaster
from .utils import checkpoint as ckpt

__all__ = ["BaseTrainer", "PretrainTrainer", "FinetuneTrainer"]


def walks(n, curvature, generator):
    speed = 0.5 + torch.rand(n, 1, generator=generator)
    heading = 2 * math.pi * torch.rand(n, 1, generator=generator)
    t = torch.arange(OBS + PRED, dtype=torch.float32)
    angle = heading + curvature * t / (OBS + PRED)
    steps = torch.stack([speed * torch.cos(angle), speed * torch.sin(angle)], dim=-1)
    return steps[:, :OBS], steps[:, OBS:]


class BaseTrainer:
    name = "base"

    def __init__(self, fabric, workdir, curvature, steps=3):
        self.fabric, self.workdir, self.curvature, self.steps = fabric, workdir, curvature, steps
        self.model = fabric.setup_module(TrajectoryForecaster())
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=1e-3))

    def on_fit_start(self):
        pass

    def fit(self):
        self.on_fit_start()
        g = torch.Generator().manual_seed(10)
        for step in range(self.steps):
            observed, future = self.fabric.to_device(walks(16, self.curvature, g))
            loss = F.mse_loss(self.model(observed), future)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.fabric.print(f"{self.name} step {step}: ade^2 {loss.item():.4f}")
        state = {"model": self.model, "optimizer": self.optimizer}
        return ckpt.save(self.fabric, self.workdir, f"{self.name}-last", state)


class PretrainTrainer(BaseTrainer):
    name = "pretrain"


class FinetuneTrainer(ResumeMixin, BaseTrainer):
    name = "finetune"
