# expect: none
# oracle: OK
# twin: p1002_load_forecaster_config_class_update_experiment_bf16_mixed
"""python train.py: train the hourly load forecaster on a TPU host with XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import experiment
from config import DEFAULTS, Config
from model import Forecaster, ResidualBlock, load_curves


def build_fabric(trainer):
    return Fabric(
        accelerator=trainer.accelerator,
        precision=trainer.precision,
        strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualBlock}),
    )


def train(fabric, cfg):
    m, o = cfg.model, cfg.optim
    model = fabric.setup_module(Forecaster(m.window, m.horizon, m.hidden, m.blocks))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=o.lr))
    for step in range(o.steps):
        history, future = load_curves(o.batch, m.window, m.horizon, step)
        loss = F.l1_loss(model(history.to(fabric.device)), future.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"[{experiment.NAME}] step {step}: mae {loss.item():.4f}")


def main(cfg):
    fabric = build_fabric(cfg.trainer)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main(Config.from_dict(DEFAULTS, experiment.OVERRIDES))
