# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'epoch' that does not exist in the loaded checkpoint. To disable strict loading, set
# flagged-in: checkpointing.py
"""python train.py: train the two-tower click model, checkpoint it, and resume from the checkpoint."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import checkpointing
from config import HPARAMS
from model import Tower, TwoTower, interactions


def run_epoch(fabric, model, optimizer, epoch):
    m, o = HPARAMS.model, HPARAMS.optim
    for step in range(o.steps):
        u, i, clicked = interactions(o.batch_size, m.n_users, m.n_items, seed=epoch * 100 + step)
        logits = model(u.to(fabric.device), i.to(fabric.device))
        loss = F.binary_cross_entropy_with_logits(logits, clicked.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def train(fabric, ckpt_dir):
    m = HPARAMS.model
    model = fabric.setup_module(TwoTower(m.n_users, m.n_items, m.dim))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=HPARAMS.optim.lr))
    loss = run_epoch(fabric, model, optimizer, epoch=0)
    path = os.path.join(ckpt_dir, "epoch-0")
    checkpointing.save(fabric, path, {"model": model, "optimizer": optimizer, "epoch": 0})
    restored = checkpointing.resume(fabric, path, {"model": model, "optimizer": optimizer, "epoch": 0})
    fabric.print(f"loss {loss:.4f}; resumed at epoch {restored.get('epoch', 0)}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Tower}))
    fabric.launch(train, tempfile.mkdtemp(prefix="two-tower-"))
