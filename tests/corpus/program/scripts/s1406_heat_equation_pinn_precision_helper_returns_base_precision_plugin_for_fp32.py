# expect: LXF008
# oracle: RAISED TypeError: The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found <lightning.fabric.plugins.precision.precision.
"""Physics-informed network for the 1-D heat equation u_t = alpha * u_xx on [0, 1] x [0, 1], with u(x, 0) = sin(pi x)
and zero boundaries. The residuals are sensitive to rounding, so the run pins its precision plugin explicitly."""
import math
from dataclasses import dataclass, field

import torch
from lightning.fabric import Fabric
from lightning.fabric.plugins import DoublePrecision, Precision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class TanhLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, h):
        return torch.tanh(self.fc(h))


class HeatPINN(nn.Module):
    def __init__(self, width=32, depth=3):
        super().__init__()
        self.inp = nn.Linear(2, width)
        self.hidden = nn.Sequential(*[TanhLayer(width) for _ in range(depth)])
        self.out = nn.Linear(width, 1)

    def forward(self, xt):
        return self.out(self.hidden(torch.tanh(self.inp(xt))))


@dataclass
class PINNConfig:
    alpha: float = 0.1
    precision: str = "32-true"
    n_interior: int = 256
    n_boundary: int = 64
    steps: int = 3
    lr: float = 1e-3
    loss_weights: dict = field(default_factory=lambda: {"pde": 1.0, "ic": 10.0, "bc": 10.0})


def precision_plugins(precision):
    """Shared with the GPU scripts: fp64 for the stiff cases, otherwise the plain fp32 plugin."""
    if precision == "64-true":
        return [DoublePrecision()]
    return [Precision()]  # Lightning's fp32 plugin: casts nothing


def collocation_points(cfg, device, seed):
    gen = torch.Generator().manual_seed(seed)
    interior = torch.rand(cfg.n_interior, 2, generator=gen)
    x0 = torch.rand(cfg.n_boundary, 1, generator=gen)
    initial = torch.cat([x0, torch.zeros_like(x0)], 1)
    tb = torch.rand(cfg.n_boundary, 1, generator=gen)
    side = (torch.rand(cfg.n_boundary, 1, generator=gen) > 0.5).float()
    boundary = torch.cat([side, tb], 1)
    return interior.to(device), initial.to(device), boundary.to(device)


def pinn_losses(model, cfg, interior, initial, boundary, h=1e-2):
    """Finite-difference residuals (one batched forward), which shard cleanly, unlike double backward."""
    dx = torch.tensor([h, 0.0], device=interior.device)
    dt = torch.tensor([0.0, h], device=interior.device)
    stencil = torch.cat([interior, interior + dx, interior - dx, interior + dt])
    u, u_right, u_left, u_next = model(stencil).chunk(4)
    u_t = (u_next - u) / h
    u_xx = (u_right - 2 * u + u_left) / h**2
    pde = (u_t - cfg.alpha * u_xx).pow(2).mean()
    ic = (model(initial) - torch.sin(math.pi * initial[:, :1])).pow(2).mean()
    bc = model(boundary).pow(2).mean()
    return {"pde": pde, "ic": ic, "bc": bc}


def train(fabric, cfg):
    model = fabric.setup_module(HeatPINN())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        losses = pinn_losses(model, cfg, *collocation_points(cfg, fabric.device, seed=step))
        loss = sum(cfg.loss_weights[name] * value for name, value in losses.items())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        parts = ", ".join(f"{k} {v.item():.2e}" for k, v in losses.items())
        fabric.print(f"step {step}: {parts}")


def main(cfg=None):
    cfg = cfg or PINNConfig()
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={TanhLayer}),
        plugins=precision_plugins(cfg.precision),
    )
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
