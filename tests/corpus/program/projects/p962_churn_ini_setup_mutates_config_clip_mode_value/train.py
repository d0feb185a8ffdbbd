# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: churn/optim.py
"""python train.py: fit the churn model on synthetic customers under XLA FSDP, settings from churn.ini."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from churn import settings
from churn.model import ChurnModel, ResidualLayer, customers
from churn.optim import optimizer_step


def train(fabric):
    cfg = settings.CONFIG
    model = fabric.setup_module(ChurnModel(cfg.features))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9))
    x, y = customers(cfg.rows, cfg.features)
    x, y = x.to(fabric.device), y.to(fabric.device)
    for step in range(cfg.steps):
        loss = optimizer_step(fabric, model, optimizer, x, y)
        fabric.print(f"step {step}: bce {loss.item():.4f}")


if __name__ == "__main__":
    settings.setup()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualLayer}))
    fabric.launch(train)
