# expect: none
# oracle: OK
# twin: s1300_wine_quality_checkpoint_backend_table_from_plugins_io_module_torch
"""Wine-quality regressor on a TPU host; the checkpoint backend is picked by name from lightning's plugins.io."""
import dataclasses
import os
import tempfile

import torch
import torch.nn.functional as F
from torch import nn

import lightning.fabric.plugins.io as ckpt_io
from lightning.fabric import Fabric
from lightning.fabric.strategies import xla_fsdp

CHECKPOINT_BACKENDS = {
    "torch": ckpt_io.TorchCheckpointIO,
    "xla": ckpt_io.XLACheckpointIO,
}


@dataclasses.dataclass
class RunConfig:
    features: int = 11  # acidity, sugar, chlorides, sulphates, alcohol, ...
    hidden: int = 32
    batch: int = 16
    steps: int = 3
    lr: float = 1e-3
    checkpoint_backend: str = "xla"


class ResidualMLP(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.fc = nn.Linear(hidden, hidden)
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        return x + F.silu(self.fc(self.norm(x)))


class QualityRegressor(nn.Module):
    def __init__(self, cfg: RunConfig):
        super().__init__()
        self.inp = nn.Linear(cfg.features, cfg.hidden)
        self.body = nn.Sequential(ResidualMLP(cfg.hidden), ResidualMLP(cfg.hidden))
        self.out = nn.Linear(cfg.hidden, 1)

    def forward(self, x):
        return self.out(self.body(self.inp(x))).squeeze(-1)


def wine_batch(cfg: RunConfig, seed: int):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(cfg.batch, cfg.features, generator=gen)
    quality = 5.5 + x[:, 4] * 0.8 - x[:, 1] * 0.3
    return x, quality


def runtime_plugins(cfg: RunConfig) -> list:
    return [CHECKPOINT_BACKENDS[cfg.checkpoint_backend]()]


def build_fabric(cfg: RunConfig) -> Fabric:
    strategy = xla_fsdp.XLAFSDPStrategy(auto_wrap_policy={ResidualMLP})
    return Fabric(accelerator="tpu", strategy=strategy, plugins=runtime_plugins(cfg))


def train(fabric, cfg: RunConfig, out_dir: str):
    model = fabric.setup_module(QualityRegressor(cfg))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        x, quality = wine_batch(cfg, seed=step)
        loss = F.mse_loss(model(x.to(fabric.device)), quality.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.save(os.path.join(out_dir, "final"), {"model": model, "optimizer": optimizer})
    fabric.print(f"final mse {loss.item():.4f}")


def main():
    cfg = RunConfig()
    fabric = build_fabric(cfg)
    fabric.launch(train, cfg, tempfile.mkdtemp(prefix="wine_"))


if __name__ == "__main__":
    main()
