# expect: none
# oracle: OK
# twin: s1408_wave_height_fabric_builder_on_tpu_pins_accelerator_for_strategy_and_fabric
"""Significant-wave-height nowcaster for a buoy network (MLP over the last 12 readings of wind speed, wind direction
and swell period at 8 buoys); the Fabric is put together with a small fluent `FabricBuilder`."""
import math

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_BUOYS, HISTORY, N_VARS = 8, 12, 3


class MixerBlock(nn.Module):
    """Mixes across buoys, then across features."""

    def __init__(self, n_tokens, dim):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mix = nn.Linear(n_tokens, n_tokens)
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mix = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        x = x + self.token_mix(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mix(self.norm2(x))


class WaveNowcaster(nn.Module):
    def __init__(self, dim=48, depth=2):
        super().__init__()
        self.embed = nn.Linear(HISTORY * N_VARS, dim)
        self.blocks = nn.Sequential(*[MixerBlock(N_BUOYS, dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 1)

    def forward(self, readings):
        b = readings.shape[0]
        x = self.embed(readings.reshape(b, N_BUOYS, HISTORY * N_VARS))
        return F.softplus(self.head(self.blocks(x))).squeeze(-1)


def buoy_batch(n, seed):
    gen = torch.Generator().manual_seed(seed)
    wind = 5 + 10 * torch.rand(n, N_BUOYS, 1, generator=gen) + torch.randn(n, N_BUOYS, HISTORY, generator=gen)
    direction = torch.rand(n, N_BUOYS, 1, generator=gen) * 2 * math.pi + 0.1 * torch.randn(n, N_BUOYS, HISTORY)
    period = 6 + 6 * torch.rand(n, N_BUOYS, HISTORY, generator=gen)
    readings = torch.stack([wind / 15, torch.cos(direction), period / 12], -1)
    hs = 0.02 * wind[..., -1] ** 1.6 + 0.05 * period[..., -1]
    return readings, hs


class FabricBuilder:
    def __init__(self):
        self.fabric_kwargs = {"devices": "auto", "precision": "32-true"}
        self.strategy_kwargs = {}
        self.strategy_cls = None

    def on_tpu(self):
        self.fabric_kwargs["accelerator"] = "tpu"
        return self

    def sharded(self, *block_types):
        self.strategy_cls = XLAFSDPStrategy
        self.strategy_kwargs["auto_wrap_policy"] = set(block_types)
        return self

    def with_precision(self, precision):
        self.fabric_kwargs["precision"] = precision
        return self

    def build(self):
        strategy = self.strategy_cls(**self.strategy_kwargs) if self.strategy_cls else "auto"
        return Fabric(strategy=strategy, **self.fabric_kwargs)


def train(fabric, steps=3, batch_size=32):
    model = fabric.setup_module(WaveNowcaster())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-3))
    for step in range(steps):
        readings, hs = buoy_batch(batch_size, seed=step)
        pred = model(readings.to(fabric.device))
        loss = F.mse_loss(pred, hs.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: rmse {loss.sqrt().item():.3f} m")


if __name__ == "__main__":
    fabric = FabricBuilder().on_tpu().sharded(MixerBlock).build()
    fabric.launch(train)
