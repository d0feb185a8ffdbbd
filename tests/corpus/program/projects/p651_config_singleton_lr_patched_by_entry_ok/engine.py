"""The Fabric and the loop, read from the shared settings."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import Block, Net


def build_fabric():
    return Fabric(accelerator="tpu", precision=config.CFG.precision, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))


def fit(fabric):
    cfg = config.CFG
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(cfg.batch_size, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (cfg.batch_size,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
