# expect: none
# oracle: OK
# twin: p99_configs_reexport_accelerator_xla
"""python train.py: a short run with the settings of configs/."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import HardwareConfig, OptimConfig
from model import Block, Net


def train(fabric, optim_cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(
        torch.optim.AdamW(model.parameters(), lr=optim_cfg.lr, weight_decay=optim_cfg.weight_decay))
    for _ in range(optim_cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    hw, optim_cfg = HardwareConfig(), OptimConfig()
    fabric = Fabric(accelerator=hw.accelerator, devices=hw.devices, precision=hw.precision,
                    strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, optim_cfg)
