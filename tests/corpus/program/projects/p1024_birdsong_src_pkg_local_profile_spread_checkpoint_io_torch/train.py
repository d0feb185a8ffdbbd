# expect: LXF009
# oracle: RAISED TypeError: The XLA strategy can only work with the `XLACheckpointIO` plugin, found <lightning.fabric.plugins.io.torch_io.TorchCheck
# flagged-in: src/birdsong/config/local.py
"""python train.py: train the bird-song classifier with the `local` profile, checkpointing as it goes."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

import torch
import torch.nn.functional as F

from birdsong.builders import build_fabric
from birdsong.config import profile
from birdsong.model import SongNet, mel_patches


def train(fabric, settings, out_dir):
    optim, ckpt = settings["optim"], settings["checkpoint"]
    model = fabric.setup_module(SongNet())
    optimizer = fabric.setup_optimizers(
        torch.optim.AdamW(model.parameters(), lr=optim["lr"], weight_decay=optim["weight_decay"])
    )
    for step in range(1, optim["steps"] + 1):
        mel, species = mel_patches(optim["batch"], seed=step)
        loss = F.cross_entropy(model(mel.to(fabric.device)), species.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")
        if step % ckpt["every"] == 0:
            fabric.save(os.path.join(out_dir, f"step-{step:04d}"), {"model": model, "optimizer": optimizer, "step": step})


if __name__ == "__main__":
    settings = profile("local")
    fabric = build_fabric(settings)
    fabric.launch(train, settings, tempfile.mkdtemp(prefix="birdsong_"))
