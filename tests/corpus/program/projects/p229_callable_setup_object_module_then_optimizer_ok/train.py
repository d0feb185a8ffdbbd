# expect: none
# oracle: OK
# twin: p228_callable_setup_object_joint_setup
"""python train.py: the block net under XLA FSDP, set up by the experiment's recipe."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from recipe import STEPS, setup_model


def run(fabric):
    model, optimizer = setup_model(fabric, Net())
    for _ in range(STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(run)
