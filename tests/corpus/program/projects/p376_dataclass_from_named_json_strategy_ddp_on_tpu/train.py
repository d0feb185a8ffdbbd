# expect: LXF033
# oracle: RAISED ValueError: The `XLAAccelerator` can only be used with a `SingleDeviceXLAStrategy`, `XLAStrategy`, or `XLAFSDPStrategy`. Found DDPSt
# flagged-in: train.py
"""python train.py: the pod settings of configs/pod.json."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from config import load
from model import Net


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = load()
    fabric = Fabric(accelerator=cfg.accelerator, strategy=cfg.strategy, precision=cfg.precision)
    fabric.launch(train, cfg)
