# expect: none
# oracle: OK
# twin: p680_hardware_profile_subclass_strategy_property_adds_accelerator
"""HARDWARE=tpu-pod python train.py"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import hardware
from model import Net


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    profile = hardware.current()
    fabric = Fabric(**profile.fabric_kwargs())
    fabric.launch(train)
