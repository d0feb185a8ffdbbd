# expect: none
# oracle: OK
# twin: p1104_quake_magnitude_prepare_helper_given_optimizer_built_on_raw_net
"""python train.py: train the local-magnitude regressor on synthetic waveforms with SGD + momentum under XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings
from engine.prepare import prepare
from model import MagnitudeNet, WaveBlock


def waveforms(batch: int):
    magnitude = 1.0 + 4.0 * torch.rand(batch)
    t = torch.linspace(0, 2, settings.SAMPLES)
    envelope = torch.exp(-3 * t) * (10 ** (magnitude.unsqueeze(1) - 3))
    wave = envelope.unsqueeze(1) * torch.randn(batch, settings.STATIONS_CHANNELS, settings.SAMPLES)
    return torch.sign(wave) * torch.log1p(wave.abs()), magnitude


def main(fabric):
    net = MagnitudeNet(settings.STATIONS_CHANNELS, settings.SAMPLES, settings.HIDDEN)
    model, optimizer = prepare(
        fabric, net, optimizer_cls=torch.optim.SGD, lr=settings.LR, momentum=settings.MOMENTUM
    )
    for step in range(settings.STEPS):
        wave, magnitude = waveforms(32)
        loss = F.mse_loss(model(wave.to(fabric.device)), magnitude.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={WaveBlock}))
    fabric.launch(main)
