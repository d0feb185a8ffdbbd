# expect: LXF007
# real: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# findings: LXF007 error 52
"""Language-model fine-tune driven by argparse; the precision flag keeps the default we used on GPUs."""
import argparse

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class DecoderBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, 2, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        x = x + self.attn(x, x, x, need_weights=False)[0]
        return x + self.mlp(x)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dim", type=int, default=32)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--precision", default="bf16-mixed", choices=["32-true", "bf16-mixed", "bf16-true"])
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    return parser.parse_args(argv)


def run(fabric, args):
    blocks = [DecoderBlock(args.dim) for _ in range(args.layers)]
    model = fabric.setup_module(nn.Sequential(nn.Embedding(100, args.dim), *blocks, nn.Linear(args.dim, 100)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        tokens = torch.randint(0, 100, (2, 8), device=fabric.device)
        logits = model(tokens)
        loss = F.cross_entropy(logits[:, :-1].reshape(-1, 100), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    args = parse_args()
    strategy = XLAFSDPStrategy(auto_wrap_policy={DecoderBlock})
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision=args.precision)
    fabric.launch(run, args)


if __name__ == "__main__":
    main()
