# expect: none
# oracle: OK
# twin: p598_utils_setup_with_optimizer_factory_joint_setup
"""python train.py: pretraining on XLA FSDP."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from utils.fabric_utils import setup_model


def train(fabric):
    model, optimizer = setup_model(fabric, Net(), functools.partial(torch.optim.AdamW, lr=3e-4, weight_decay=0.1))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
