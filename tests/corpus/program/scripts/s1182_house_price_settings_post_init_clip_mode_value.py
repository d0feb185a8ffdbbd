# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""House-price regressor on synthetic tabular features; optimiser settings are dataclasses whose __post_init__ derives the clipping kwargs."""
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_FEATURES = 12


@dataclass
class OptimSettings:
    lr: float = 1e-3
    weight_decay: float = 0.0
    grad_clip: float = 1.0
    clip_mode: str = "norm"
    clip_kwargs: dict = field(init=False, repr=False)

    def __post_init__(self):
        if self.clip_mode not in ("norm", "value"):
            raise ValueError(f"clip_mode must be 'norm' or 'value', got {self.clip_mode!r}")
        key = "max_norm" if self.clip_mode == "norm" else "clip_val"
        self.clip_kwargs = {key: self.grad_clip}


@dataclass
class TabularSettings(OptimSettings):
    """Heavy-tailed targets: small lr, weight decay and a tight clip."""

    lr: float = 3e-3
    weight_decay: float = 1e-4
    grad_clip: float = 0.5
    clip_mode: str = "value"


class ResidualMLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc2(F.silu(self.fc1(x)))


class PriceModel(nn.Module):
    def __init__(self, dim=48):
        super().__init__()
        self.embed = nn.Linear(N_FEATURES, dim)
        self.body = nn.Sequential(ResidualMLP(dim), ResidualMLP(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.body(self.embed(x))).squeeze(-1)


def synthetic_listings(n):
    x = torch.randn(n, N_FEATURES)
    log_price = x[:, :3].sum(dim=1) + 0.1 * torch.randn(n)
    return x, log_price


class Regressor:
    settings_cls = OptimSettings

    def __init__(self, steps=4, **overrides):
        self.steps = steps
        self.settings = self.settings_cls(**overrides)

    def fit(self, fabric):
        s = self.settings
        model = fabric.setup_module(PriceModel())
        optimizer = fabric.setup_optimizers(
            torch.optim.AdamW(model.parameters(), lr=s.lr, weight_decay=s.weight_decay)
        )
        for step in range(self.steps):
            x, y = fabric.to_device(synthetic_listings(32))
            loss = F.huber_loss(model(x), y)
            fabric.backward(loss)
            fabric.clip_gradients(model, optimizer, **s.clip_kwargs)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: huber {loss.item():.4f}")


class HousePriceRegressor(Regressor):
    settings_cls = TabularSettings


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualMLP}))
    fabric.launch(HousePriceRegressor(steps=3).fit)
