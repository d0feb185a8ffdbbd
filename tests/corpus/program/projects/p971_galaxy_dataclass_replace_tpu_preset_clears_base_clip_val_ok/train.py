# expect: none
# oracle: OK
# twin: p970_galaxy_dataclass_replace_tpu_preset_keeps_base_clip_val
"""python train.py: train the galaxy classifier with the TPU preset; the config travels to the worker as a dict."""
import json
import os
from dataclasses import asdict

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import TrainConfig
from loop import train_step
from model import GalaxyNet, MixerBlock, cutouts
from presets import PRESETS


def train(fabric, payload):
    cfg = TrainConfig.from_dict(payload)
    model = fabric.setup_module(GalaxyNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        images, labels = cutouts(cfg.batch_size, seed=step)
        loss = train_step(fabric, model, optimizer, images.to(fabric.device), labels.to(fabric.device), cfg)
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    cfg = PRESETS[os.environ.get("GALAXY_PRESET", "tpu-v4")]
    payload = asdict(cfg)
    print("hparams:", json.dumps(payload, sort_keys=True))
    fabric = Fabric(
        accelerator=cfg.accelerator,
        precision=cfg.precision,
        strategy=XLAFSDPStrategy(auto_wrap_policy={MixerBlock}),
    )
    fabric.launch(train, payload)
