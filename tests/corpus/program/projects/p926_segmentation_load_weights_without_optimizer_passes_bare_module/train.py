# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
# flagged-in: utils/checkpoint.py
"""Train the blob segmenter, save a checkpoint, then reload its weights for a held-out IoU check."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from seg.data import scenes
from seg.model import Segmenter, Stage
from utils.checkpoint import load_weights, save_checkpoint


def iou(logits, masks):
    pred = logits.argmax(1)
    inter = ((pred == 1) & (masks == 1)).sum()
    union = ((pred == 1) | (masks == 1)).sum()
    return inter.float() / union.clamp(min=1)


def train(fabric, out_dir):
    model = fabric.setup_module(Segmenter())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=3e-3))
    for step in range(3):
        images, masks = scenes(8, fabric.device)
        loss = F.cross_entropy(model(images), masks)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")
    checkpoint = os.path.join(out_dir, "segmenter")
    save_checkpoint(fabric, checkpoint, model, optimizer, step=3)
    fabric.barrier()

    load_weights(fabric, checkpoint, model)
    with torch.no_grad():
        images, masks = scenes(16, fabric.device)
        fabric.print(f"held-out IoU {iou(model(images), masks).item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Stage}))
    fabric.launch(train, tempfile.mkdtemp(prefix="seg_"))
