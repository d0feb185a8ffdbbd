# expect: LXF033
# oracle: RAISED ValueError: The `XLAAccelerator` can only be used with a `SingleDeviceXLAStrategy`, `XLAStrategy`, or `XLAFSDPStrategy`. Found DDPSt
# flagged-in: train.py
"""python train.py: the TPU-pod entry point; reuses the cluster config and swaps the hardware."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import model as models
import registry
import strategies  # noqa: F401  (registers the builders)
from config import RunConfig


def train(fabric, cfg):
    net = fabric.setup_module(models.build())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(net.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(cfg.batch_size, 32, device=fabric.device)
        y = torch.randint(0, 4, (cfg.batch_size,), device=fabric.device)
        fabric.backward(F.cross_entropy(net(x), y))
        optimizer.step()
        optimizer.zero_grad()


def main():
    cfg = RunConfig()._replace(accelerator="tpu")
    fabric = Fabric(accelerator=cfg.accelerator, devices=cfg.devices, strategy=registry.build_strategy(cfg.strategy))
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
