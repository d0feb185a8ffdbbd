# expect: LXF006
# oracle: RAISED _pickle.PicklingError: Can't pickle <function <lambda> at 0x7f6ea6252c00>: attribute lookup <lambda> on __main__ failed
"""SimCLR-style contrastive pretraining of a small MLP encoder on TPU; settings live in a `types.SimpleNamespace` tree."""
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ResidualMLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Encoder(nn.Module):
    def __init__(self, in_dim, dim, depth, proj_dim):
        super().__init__()
        self.stem = nn.Linear(in_dim, dim)
        self.blocks = nn.Sequential(*(ResidualMLP(dim) for _ in range(depth)))
        self.projector = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, proj_dim))

    def forward(self, x):
        return self.projector(self.blocks(self.stem(x)))


CFG = SimpleNamespace(
    model=SimpleNamespace(in_dim=48, dim=64, depth=3, proj_dim=32),
    fsdp=SimpleNamespace(
        # one FSDP unit per residual block
        wrap=lambda module, recurse, unwrapped_params: recurse or isinstance(module, ResidualMLP),
        reshard_after_forward=True,
    ),
    train=SimpleNamespace(batch=16, steps=3, lr=1e-3, temperature=0.2),
)


def augment(x):
    return x + 0.1 * torch.randn_like(x)


def nt_xent(z1, z2, temperature):
    z = F.normalize(torch.cat([z1, z2]), dim=1)
    sim = z @ z.t() / temperature
    n = z1.shape[0]
    sim = sim - 1e9 * torch.eye(2 * n, device=z.device)
    targets = torch.cat([torch.arange(n, 2 * n), torch.arange(0, n)]).to(z.device)
    return F.cross_entropy(sim, targets)


def strategy_from(fsdp):
    return XLAFSDPStrategy(auto_wrap_policy=fsdp.wrap, reshard_after_forward=fsdp.reshard_after_forward)


def pretrain(fabric, cfg):
    model = fabric.setup_module(Encoder(**vars(cfg.model)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.train.lr))
    for step in range(cfg.train.steps):
        x = torch.randn(cfg.train.batch, cfg.model.in_dim, device=fabric.device)
        loss = nt_xent(model(augment(x)), model(augment(x)), cfg.train.temperature)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: nt-xent {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=strategy_from(CFG.fsdp))
    fabric.launch(pretrain, CFG)
