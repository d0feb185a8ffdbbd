# expect: none
# oracle: OK
# twin: p19_factory_sets_up_model_and_optimizer
"""python train.py"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import WRAP, build

CFG = {"depth": 3, "lr": 1e-3, "steps": 2}


def main(fabric):
    model, optimizer = build(fabric, CFG)
    for _ in range(CFG["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=WRAP)).launch(main)
