# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: local
# flagged-in: src/denoise/config.py
"""python train.py: train the denoiser on TPU, checkpoint it, and resume from the last checkpoint."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from denoise import checkpoint
from denoise.config import cfg
from denoise.model import Denoiser, Stage, noisy_batch


def make_strategy(ckpt):
    return XLAFSDPStrategy(auto_wrap_policy={Stage}, state_dict_type=ckpt.state_dict_type)


def train(fabric, run_dir):
    im, o = cfg.image, cfg.optim
    model = fabric.setup_module(Denoiser(im.channels, cfg.model.width, cfg.model.depth))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=o.lr))
    gen = torch.Generator().manual_seed(0)
    last = None
    for step in range(1, o.steps + 1):
        noisy, clean = noisy_batch(o.batch, im.channels, im.size, im.noise_std, gen)
        loss = F.mse_loss(model(noisy.to(fabric.device)), clean.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % cfg.checkpoint.every == 0:
            last = checkpoint.save(fabric, run_dir, step, model, optimizer)
    resumed = checkpoint.restore(fabric, last, model, optimizer)
    fabric.print(f"final loss {loss.item():.4f}; resumed from step {resumed}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(cfg.checkpoint))
    fabric.launch(train, tempfile.mkdtemp(prefix="denoise-"))
