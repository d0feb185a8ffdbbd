# expect: LXF011
# oracle: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
# flagged-in: configs/tpu_v3.py
"""python train.py: train the leaf-disease classifier on a v3-8 TPU VM with the sharded strategy."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from configs import defaults, fabric_settings
from data import leaves
from model import LeafNet
from utils.strategy import sharded_strategy


def fit(fabric, steps, lr, batch_size):
    model = fabric.setup_module(LeafNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=lr))
    for step in range(steps):
        img, label = leaves(batch_size, seed=step)
        loss = F.cross_entropy(model(img.to(fabric.device)), label.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(strategy=sharded_strategy(), **fabric_settings("tpu-v3-8"))
    fabric.launch(fit, **defaults.TRAIN)
