# expect: LXF006
# oracle: RAISED TypeError: cannot pickle 'generator' object
"""python train.py --remat block,mlp: the layers to checkpoint named on the command line, looked up by a helper that yields them."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class MLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return self.net(x)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = MLP(dim)

    def forward(self, x):
        return x + self.mlp(self.norm(x))


LAYERS = {"block": Block, "mlp": MLP}


def remat_layers(names):
    return (LAYERS[name.strip()] for name in names.split(",") if name.strip())


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", default="block", help="comma-separated layer kinds to checkpoint")
    parser.add_argument("--depth", type=int, default=2)
    return parser.parse_args()


def train(fabric, depth):
    model = fabric.setup_module(nn.Sequential(*[Block(32) for _ in range(depth)], nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.mse_loss(model(x), torch.zeros(8, 1, device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


def main():
    args = parse_args()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat_layers(args.remat))
    Fabric(accelerator="tpu", strategy=strategy).launch(train, args.depth)


if __name__ == "__main__":
    main()
