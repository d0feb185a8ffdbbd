# expect: none
# oracle: OK
# twin: s970_ema_subclass_checkpoint_state_adds_set_up_ema_module
"""Toy diffusion model on 2-D two-moons points; an EMA subclass of the trainer keeps a sharded EMA copy and extends `checkpoint_state()`."""
import copy
import math
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ResMLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + F.silu(self.fc(self.norm(x)))


class EpsModel(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        self.inp = nn.Linear(3, dim)  # (x, y, t)
        self.body = nn.Sequential(ResMLP(dim), ResMLP(dim))
        self.out = nn.Linear(dim, 2)

    def forward(self, x, t):
        return self.out(self.body(self.inp(torch.cat([x, t[:, None]], dim=-1))))


def two_moons(n):
    theta = torch.rand(n) * math.pi
    upper = torch.rand(n) < 0.5
    x = torch.where(upper, torch.cos(theta), 1 - torch.cos(theta))
    y = torch.where(upper, torch.sin(theta), 0.5 - torch.sin(theta))
    return torch.stack([x, y], dim=-1) + 0.05 * torch.randn(n, 2)


class DiffusionTrainer:
    def __init__(self, steps=3, batch_size=128):
        self.steps = steps
        self.batch_size = batch_size

    def setup(self, fabric):
        self.model = fabric.setup_module(EpsModel())
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=2e-3))

    def after_step(self):
        pass

    def checkpoint_state(self):
        return {"model": self.model, "optimizer": self.optimizer}

    def fit(self, fabric):
        self.setup(fabric)
        for step in range(self.steps):
            x0 = two_moons(self.batch_size).to(fabric.device)
            t = torch.rand(self.batch_size, device=fabric.device)
            noise = torch.randn_like(x0)
            alpha = torch.cos(t * math.pi / 2)[:, None]
            xt = alpha * x0 + (1 - alpha**2).sqrt() * noise
            loss = F.mse_loss(self.model(xt, t), noise)
            fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.after_step()
            fabric.print(f"step {step}: eps-mse {loss.item():.4f}")
        fabric.save(os.path.join(tempfile.mkdtemp(prefix="diffusion-"), "last"), self.checkpoint_state())


class EMADiffusionTrainer(DiffusionTrainer):
    decay = 0.999

    def setup(self, fabric):
        raw = EpsModel()
        self.ema = fabric.setup_module(copy.deepcopy(raw))
        self.model = fabric.setup_module(raw)
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=2e-3))

    @torch.no_grad()
    def after_step(self):
        for ema_p, p in zip(self.ema.parameters(), self.model.parameters()):
            ema_p.lerp_(p, 1 - self.decay)

    def checkpoint_state(self):
        return {**super().checkpoint_state(), "ema": self.ema.state_dict()}


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResMLP}))
    fabric.launch(EMADiffusionTrainer().fit)
