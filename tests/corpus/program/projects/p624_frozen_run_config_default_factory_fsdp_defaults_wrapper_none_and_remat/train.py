# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: configs/defaults.py
"""python train.py: the block net with the default run config."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs.run import RunConfig
from model import Net


def train(fabric, cfg: RunConfig):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(cfg.batch_size, 32, device=fabric.device)
        y = torch.randint(0, 4, (cfg.batch_size,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**cfg.fsdp), precision=cfg.precision)
    fabric.launch(train, cfg)
