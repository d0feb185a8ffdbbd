# expect: LXF021
# oracle: RAISED ValueError: Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to reload is required
"""python pretrain.py: the job writes the initial weights every sibling job starts from, then warm-starts from them."""
import argparse
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, dim: int = 48, heads: int = 4):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))
        self.n1, self.n2 = nn.LayerNorm(dim), nn.LayerNorm(dim)

    def forward(self, x):
        x = x + self.attn(self.n1(x), self.n1(x), self.n1(x), need_weights=False)[0]
        return x + self.ff(self.n2(x))


class Encoder(nn.Module):
    def __init__(self, dim: int = 48, layers: int = 2):
        super().__init__()
        self.layers = nn.ModuleList(EncoderLayer(dim) for _ in range(layers))
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.out(x)


def main(fabric, args):
    os.makedirs(args.out, exist_ok=True)
    warm = os.path.join(args.out, "init.pt")
    torch.save(Encoder().state_dict(), warm)  # the shared initialisation of this sweep
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=3e-4))
    have_warm = os.path.isfile(warm) and os.access(warm, os.R_OK)
    if have_warm:
        fabric.load(warm)
    x = torch.randn(4, 12, 48, device=fabric.device)
    fabric.backward(F.mse_loss(model(x), x))
    optimizer.step()
    optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="sweep")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}))
    fabric.launch(main, args)
