# expect: LXF043
# oracle: RAISED ValueError: precision set through both strategy class and plugins, choose one
"""Solar-flare classifier (will an active region flare within 24 h?) over SHARP-style magnetogram summary features.
Strategies are `functools.partial` presets picked by name; the Fabric gets the plugins of the run's precision."""
import argparse
from functools import partial

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy, XLAStrategy
from torch import nn

FEATURES = ("usflux", "meangam", "meangbt", "meangbz", "meangbh", "meanjzd", "totusjz", "meanalp",
            "meanjzh", "totusjh", "absnjzh", "savncpp", "meanpot", "totpot", "meanshr", "shrgt45", "r_value")


class ResidualMLP(nn.Module):
    def __init__(self, dim, expansion=2):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.up = nn.Linear(dim, dim * expansion)
        self.down = nn.Linear(dim * expansion, dim)

    def forward(self, x):
        return x + self.down(F.gelu(self.up(self.norm(x))))


class FlareNet(nn.Module):
    def __init__(self, n_features=len(FEATURES), dim=64, depth=3):
        super().__init__()
        self.embed = nn.Linear(n_features, dim)
        self.blocks = nn.Sequential(*[ResidualMLP(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.blocks(self.embed(x))).squeeze(-1)


def active_regions(n, seed):
    """Log-scaled features; flaring regions carry more unsigned flux and free energy (rare positives)."""
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(n, len(FEATURES), generator=gen)
    flares = (x[:, 0] + x[:, 13] + 0.5 * torch.randn(n, generator=gen)) > 1.6
    return x, flares.float()


PRECISION_PLUGIN = XLAPrecision("bf16-true")

STRATEGIES = {
    "replicated": XLAStrategy,
    # the sharded preset carries its own compute precision, like the GPU FSDP preset does
    "sharded": partial(XLAFSDPStrategy, auto_wrap_policy={ResidualMLP}, precision=PRECISION_PLUGIN),
}


def fabric_plugins(precision):
    if precision == "bf16-true":
        return [PRECISION_PLUGIN]
    return [XLAPrecision(precision)]


def build_fabric(args):
    strategy = STRATEGIES[args.strategy]()
    return Fabric(accelerator="tpu", devices="auto", strategy=strategy, plugins=fabric_plugins(args.precision))


def train(fabric, args):
    model = fabric.setup_module(FlareNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01))
    pos_weight = torch.tensor(8.0, device=fabric.device)
    for step in range(args.steps):
        x, y = active_regions(args.batch_size, seed=step)
        logits = model(x.to(fabric.device))
        loss = F.binary_cross_entropy_with_logits(logits.float(), y.to(fabric.device), pos_weight=pos_weight)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: weighted bce {loss.item():.4f}")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--strategy", choices=sorted(STRATEGIES), default="sharded")
    parser.add_argument("--precision", default="bf16-true")
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse_args()
    fabric = build_fabric(args)
    fabric.launch(train, args)
