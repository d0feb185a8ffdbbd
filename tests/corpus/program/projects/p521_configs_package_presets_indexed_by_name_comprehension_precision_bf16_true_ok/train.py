# expect: none
# oracle: OK
# twin: p520_configs_package_presets_indexed_by_name_comprehension_precision_16_mixed
"""python train.py (RUN=gpu-node on the GPU node): the named run configs/__init__.py picks."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import configs
from model import Block, Net


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = configs.get()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}) if cfg.accelerator == "tpu" else "ddp"
    fabric = Fabric(accelerator=cfg.accelerator, precision=cfg.precision, strategy=strategy)
    fabric.launch(train, cfg)
