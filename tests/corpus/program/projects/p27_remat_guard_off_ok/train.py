# expect: none
# oracle: OK
# twin: p28_remat_guard_on_list
"""python train.py"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from config import config
from model import Net
from strategy import fsdp_strategy


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
    fabric = Fabric(accelerator="tpu", strategy=fsdp_strategy(config))
    fabric.launch(train, config)
