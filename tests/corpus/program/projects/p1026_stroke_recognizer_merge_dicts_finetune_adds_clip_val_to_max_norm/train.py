# expect: LXF015
# oracle: RAISED ValueError: Only one of `clip_val` or `max_norm` can be set as this specifies the underlying clipping algorithm!
# flagged-in: experiments/finetune.py
"""python train.py: fine-tune the stroke recognizer on TPU with the fine-tuning overrides."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine import train_step
from experiments import finetune
from model import StrokeBlock, StrokeNet, pen_strokes
from settings import DEFAULTS
from utils.merge import merge_dicts


def train(fabric, cfg):
    data = cfg["data"]
    model = fabric.setup_module(StrokeNet(data["letters"], cfg["model"]["hidden"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg["optim"]["lr"]))
    for step in range(cfg["optim"]["steps"]):
        strokes, letters = pen_strokes(data["batch"], data["points"], data["letters"], seed=step)
        loss = train_step(fabric, model, optimizer, strokes.to(fabric.device), letters.to(fabric.device), cfg["clip"])
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    cfg = merge_dicts(DEFAULTS, finetune.OVERRIDES)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={StrokeBlock}))
    fabric.launch(train, cfg)
