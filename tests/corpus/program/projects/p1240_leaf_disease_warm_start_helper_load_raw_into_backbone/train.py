# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
# flagged-in: utils/warmstart.py
"""Leaf-disease classifier on synthetic leaf crops, fine-tuned on TPU from a warm-started backbone."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import Backbone, LeafNet
from utils.warmstart import fetch_pretrained, warm_start


def leaf_batch(n, device):
    labels = torch.randint(0, len(config.CLASSES), (n,), device=device)
    spots = (labels[:, None, None, None].float() + 1) / len(config.CLASSES)
    images = torch.rand(n, 3, config.IMAGE_SIZE, config.IMAGE_SIZE, device=device) * spots
    images[:, 1] += 0.5  # green
    return images, labels


def train(fabric, freeze_backbone):
    with fabric.rank_zero_first():
        path = fetch_pretrained(config.PRETRAINED, Backbone)
    net = LeafNet(len(config.CLASSES))
    warm_start(fabric, net.backbone, path)
    if freeze_backbone:
        net.backbone.requires_grad_(False)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(
        torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=config.LR)
    )
    for step in range(config.STEPS):
        images, labels = leaf_batch(config.BATCH, fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.3f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--freeze-backbone", action="store_true")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Backbone}))
    fabric.launch(train, args.freeze_backbone)
