# expect: none
# oracle: OK
# twin: s1366_sleep_stager_tpu_configure_model_hook_returns_set_up_model
"""Sleep-stage classification from 30-second EEG epochs (band-power features, synthetic). `BaseTrainer.setup`
calls the `configure_model` hook and sets up what it returns; the TPU trainer customises the weight init."""
import math

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

BANDS, CHANNELS, STAGES = 5, 4, 5  # delta..beta, 4 electrodes, W/N1/N2/N3/REM


class StageBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, h):
        return h + F.silu(self.fc(self.norm(h)))


class SleepStager(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.inp = nn.Linear(BANDS * CHANNELS, dim)
        self.blocks = nn.ModuleList([StageBlock(dim), StageBlock(dim)])
        self.out = nn.Linear(dim, STAGES)

    def forward(self, powers):
        h = self.inp(powers.flatten(1))
        for blk in self.blocks:
            h = blk(h)
        return self.out(h)


def scaled_init(module):
    if isinstance(module, nn.Linear):
        nn.init.normal_(module.weight, std=1 / math.sqrt(module.in_features))
        nn.init.zeros_(module.bias)


class BaseTrainer:
    def __init__(self, fabric, steps=3):
        self.fabric, self.steps = fabric, steps

    def configure_model(self):
        return SleepStager()

    def configure_optimizer(self, params):
        return torch.optim.Adam(params, lr=1e-3)

    def setup(self):
        self.model = self.fabric.setup_module(self.configure_model())
        self.optimizer = self.fabric.setup_optimizers(self.configure_optimizer(self.model.parameters()))

    def fit(self):
        self.setup()
        g = torch.Generator().manual_seed(30)
        for step in range(self.steps):
            powers = torch.rand(16, CHANNELS, BANDS, generator=g).log1p()
            stage = powers[:, :, 0].mean(1).mul(STAGES * 1.4).long().clamp(max=STAGES - 1)
            powers, stage = self.fabric.to_device((powers, stage))
            loss = F.cross_entropy(self.model(powers), stage)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.fabric.print(f"epoch-batch {step}: {loss.item():.4f}")


class TPUTrainer(BaseTrainer):
    def configure_model(self):
        model = super().configure_model()
        model.apply(scaled_init)
        return model


def spawn_target(fabric):
    TPUTrainer(fabric).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={StageBlock}))
    fabric.launch(spawn_target)
