# expect: none
# oracle: OK
# twin: p274_dataclass_subclass_default_clip_algorithm_value
"""python train.py: the block net on the pod with TPUConfig's settings."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs.tpu import TPUConfig
from loop import train_step
from model import Block, Net


def run(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.max_steps):
        train_step(fabric, model, optimizer, cfg)


if __name__ == "__main__":
    cfg = TPUConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(run, cfg)
