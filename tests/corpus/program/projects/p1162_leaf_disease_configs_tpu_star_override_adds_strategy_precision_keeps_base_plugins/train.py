# expect: LXF043
# oracle: RAISED ValueError: precision set through both strategy class and plugins, choose one
# flagged-in: configs/tpu.py
"""python train.py: fit the leaf-disease classifier on a TPU host with the settings of configs/."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import configs as cfg
from model import LeafBlock, LeafNet, leaf_batch


def train(fabric):
    model = fabric.setup_module(LeafNet(cfg.WIDTH, cfg.CLASSES))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.LR))
    for step in range(cfg.STEPS):
        images, labels = leaf_batch(cfg.BATCH, cfg.IMAGE_SIZE, cfg.CLASSES, seed=step)
        loss = F.cross_entropy(model(images.to(fabric.device)), labels.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


def main():
    strategy = XLAFSDPStrategy(auto_wrap_policy={LeafBlock}, **cfg.STRATEGY_KWARGS)
    fabric = Fabric(accelerator=cfg.ACCELERATOR, plugins=cfg.PLUGINS, strategy=strategy)
    fabric.launch(train)


if __name__ == "__main__":
    main()
