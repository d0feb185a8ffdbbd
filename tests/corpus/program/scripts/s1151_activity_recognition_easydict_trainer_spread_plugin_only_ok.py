# expect: none
# oracle: OK
# twin: s1150_activity_recognition_easydict_trainer_spread_precision_and_plugin
"""Human activity recognition from wrist accelerometer windows; the run config is an EasyDict-like object."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class EasyDict:
    """Nested attribute access, like the `easydict` package, without the dependency."""

    def __init__(self, d=None, **kwargs):
        for key, value in {**(d or {}), **kwargs}.items():
            setattr(self, key, EasyDict(value) if isinstance(value, dict) else value)

    def as_kwargs(self):
        return dict(vars(self))


C = EasyDict({
    "trainer": {"accelerator": "tpu"},
    "amp": {"enabled": True, "mode": "bf16-true"},
    "data": {"axes": 3, "window": 50, "activities": 6, "batch": 24},
    "model": {"hidden": 64, "layers": 2},
    "optim": {"lr": 1e-3, "steps": 3},
})


class TemporalBlock(nn.Module):
    """Mixes neighbouring time steps: x[t] + relu(W0 x[t-1] + W1 x[t])."""

    def __init__(self, hidden):
        super().__init__()
        self.prev = nn.Linear(hidden, hidden, bias=False)
        self.curr = nn.Linear(hidden, hidden)

    def forward(self, x):  # (batch, window, hidden)
        shifted = torch.cat([torch.zeros_like(x[:, :1]), x[:, :-1]], dim=1)
        return x + F.relu(self.prev(shifted) + self.curr(x))


class HARNet(nn.Module):
    def __init__(self, axes, hidden, layers, activities):
        super().__init__()
        self.proj = nn.Linear(axes, hidden)
        self.blocks = nn.Sequential(*(TemporalBlock(hidden) for _ in range(layers)))
        self.cls = nn.Linear(hidden, activities)

    def forward(self, x):
        return self.cls(self.blocks(self.proj(x.transpose(1, 2))).amax(dim=1))


def accel_windows(batch, axes, window, activities, step):
    gen = torch.Generator().manual_seed(step)
    act = torch.randint(0, activities, (batch,), generator=gen)
    t = torch.arange(window).float()
    x = torch.sin(t[None, None, :] * (0.2 + 0.1 * act[:, None, None])).expand(batch, axes, window).clone()
    return x + 0.2 * torch.randn(batch, axes, window, generator=gen), act


def plugins_for(amp):
    return [XLAPrecision(amp.mode)] if amp.enabled else []


def build_fabric(cfg):
    return Fabric(
        **cfg.trainer.as_kwargs(),
        strategy=XLAFSDPStrategy(auto_wrap_policy={TemporalBlock}),
        plugins=plugins_for(cfg.amp),
    )


def train(fabric):
    d, m = C.data, C.model
    model = fabric.setup_module(HARNet(d.axes, m.hidden, m.layers, d.activities))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=C.optim.lr))
    for step in range(C.optim.steps):
        x, act = accel_windows(d.batch, d.axes, d.window, d.activities, step)
        loss = F.cross_entropy(model(x.to(fabric.device)), act.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    build_fabric(C).launch(train)
