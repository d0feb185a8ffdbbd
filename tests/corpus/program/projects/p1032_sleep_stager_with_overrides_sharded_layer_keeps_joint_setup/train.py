# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# flagged-in: configs/presets.py
"""python train.py: a short sharded run of the sleep stager on TPU."""
import torch.nn.functional as F
from lightning.fabric import Fabric

from configs import load
from engine.setup import make_strategy, prepare
from model import SleepStager, eeg_epochs


def train(fabric, cfg):
    model, optimizer = prepare(fabric, SleepStager(cfg.channels), cfg.lr, cfg.setup)
    for step in range(cfg.steps):
        eeg, stage = eeg_epochs(cfg.batch, cfg.channels, cfg.epoch_len, seed=step)
        loss = F.cross_entropy(model(eeg.to(fabric.device)), stage.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    cfg = load("tpu_dp", "sharded", "short")
    fabric = Fabric(accelerator=cfg.accelerator, strategy=make_strategy(cfg.strategy))
    fabric.launch(train, cfg)
