# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'use_orig_params'
# flagged-in: lm/presets.py
"""python train.py: train the byte-level GPT on a TPU v4 host with the TPU_V4 preset."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from lm.dotdict import DotDict
from lm.model import CharGPT
from lm.presets import BASE, TPU_V4

TEXT = (b"It is a truth universally acknowledged, that a single man in possession of a good fortune, "
        b"must be in want of a wife. ") * 8


def get_batch(batch, block_size, step):
    data = torch.tensor(list(TEXT), dtype=torch.long)
    starts = (torch.arange(batch) * 37 + step * 11) % (len(data) - block_size - 1)
    x = torch.stack([data[s : s + block_size] for s in starts])
    y = torch.stack([data[s + 1 : s + block_size + 1] for s in starts])
    return x, y


def train(fabric, cfg):
    model = fabric.setup_module(CharGPT(**cfg.model))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr, betas=cfg.optim.betas))
    for step in range(cfg.optim.steps):
        x, y = get_batch(cfg.optim.batch, cfg.model.block_size, step)
        logits = model(x.to(fabric.device))
        loss = F.cross_entropy(logits.flatten(0, 1), y.to(fabric.device).flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def main(cfg):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**cfg.fsdp))
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main(DotDict(BASE).merge(TPU_V4))
