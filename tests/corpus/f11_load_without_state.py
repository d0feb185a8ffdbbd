# expect: LXF021
# findings: LXF021 error 32, LXF029 error 43
"""Resume training from a checkpoint the DDP way: `fabric.load(path)` returns everything there,
but XLAFSDPStrategy needs the objects to restore into and raises ValueError ("Got
`XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance ...").
"""
import argparse
from pathlib import Path

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Encoder(nn.Module):
    def __init__(self, dim=1024, layers=16):
        super().__init__()
        layer = nn.TransformerEncoderLayer(dim, 16, 4 * dim, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.head = nn.Linear(dim, 1)

    def forward(self, x):
        return self.head(self.encoder(x)).squeeze(-1)


def main(fabric, args):
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    start = 0
    if args.resume:
        checkpoint = fabric.load(args.resume)
        model.load_state_dict(checkpoint["model"])
        optimizer.load_state_dict(checkpoint["optimizer"])
        start = checkpoint["step"] + 1
    for step in range(start, args.steps):
        x = torch.randn(8, 256, 1024, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step and step % args.every == 0:
            fabric.save(Path(args.out) / f"step-{step:06d}", {"model": model, "optimizer": optimizer, "step": step})


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--resume", default=None)
    p.add_argument("--out", default="checkpoints")
    p.add_argument("--steps", type=int, default=10_000)
    p.add_argument("--every", type=int, default=1000)
    p.add_argument("--lr", type=float, default=1e-4)
    args = p.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(main, args)
