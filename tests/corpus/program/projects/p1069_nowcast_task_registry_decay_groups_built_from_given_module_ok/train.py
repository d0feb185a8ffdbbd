# expect: none
# oracle: OK
# twin: p1068_nowcast_task_registry_decay_groups_built_from_raw_net
"""python train.py [--task nowcast|downscale]: radar-grid models trained with XLA FSDP over the grid blocks."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from tasks import TASKS, build_task
from tasks.blocks import GridBlock


def train(fabric, task_name, steps=3):
    net, make_optimizer = build_task(task_name)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(make_optimizer(model))
    for step in range(steps):
        frame = torch.rand(16, 64, device=fabric.device)
        target = torch.roll(frame, shifts=1, dims=1)  # the storm drifts one cell east
        loss = F.mse_loss(model(frame), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"{task_name} step {step}: mse {loss.item():.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--task", default="nowcast", choices=sorted(TASKS))
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={GridBlock}))
    fabric.launch(train, args.task)
