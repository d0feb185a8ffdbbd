# expect: none
# oracle: OK
# twin: p992_traffic_restore_helper_state_default_none_reads_remainder_step
"""python train.py: train the traffic-speed model, checkpoint it, and resume it with the step counter read back."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import SensorMixer, SpeedModel
from utils.checkpoint import restore, store


def readings(step: int):
    gen = torch.Generator().manual_seed(step)
    base = 60 + 10 * torch.randn(1, 1, config.SENSORS, generator=gen)
    history = base + torch.randn(16, config.HISTORY, config.SENSORS, generator=gen)
    return history, history[:, -1] + torch.randn(16, config.SENSORS, generator=gen)


def steps(fabric, model, optimizer, start: int, n: int) -> int:
    for step in range(start, start + n):
        x, y = readings(step)
        loss = F.smooth_l1_loss(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return start + n


def main(fabric, run_dir):
    model = fabric.setup_module(SpeedModel(config.SENSORS, config.HISTORY, config.HIDDEN))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=config.LR))
    step = steps(fabric, model, optimizer, 0, config.STEPS)
    store(fabric, run_dir, model, optimizer, step)

    remainder = restore(fabric, run_dir, {"model": model, "optimizer": optimizer})
    step = steps(fabric, model, optimizer, remainder["step"], config.STEPS)
    fabric.print(f"resumed and trained to step {step}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={SensorMixer}))
    fabric.launch(main, tempfile.mkdtemp(prefix="traffic-"))
