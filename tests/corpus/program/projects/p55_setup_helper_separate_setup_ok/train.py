# expect: none
# oracle: OK
# twin: p54_setup_helper_joint_setup
"""python train.py: the set-up lives in utils/setup.py, shared with the evaluation script."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from utils.setup import setup

CFG = {"depth": 2, "lr": 1e-3, "steps": 2}


def train(fabric):
    model, optimizer = setup(fabric, CFG)
    for _ in range(CFG["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)
