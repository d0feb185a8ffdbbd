# expect: none
# oracle: OK
# twin: s900_partial_strategy_remat_override_frozenset_choice
"""Tiny decoder LM: the strategy is a functools.partial whose remat keyword an argparse choice table overrides with a set."""
import argparse
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class DecoderBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.mix = nn.Linear(dim, dim)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, x):
        x = x + self.mix(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class TinyLM(nn.Module):
    def __init__(self, vocab=128, dim=64, depth=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(DecoderBlock(dim, 4 * dim) for _ in range(depth))
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        x = self.embed(idx)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


# Sharding defaults shared by every run; only the remat layers change from run to run.
ShardedStrategy = functools.partial(
    XLAFSDPStrategy,
    auto_wrap_policy={DecoderBlock},
    activation_checkpointing_policy=None,
    state_dict_type="sharded",
)

# Lightning wants a plain set of layer classes here.
REMAT_LAYERS = {
    "none": None,
    "blocks": {DecoderBlock},
}


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", choices=sorted(REMAT_LAYERS), default="blocks")
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    return parser.parse_args()


def train(fabric, steps, lr):
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    for step in range(steps):
        idx = torch.randint(0, 128, (4, 17), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step} loss {loss.item():.3f}")


if __name__ == "__main__":
    args = parse_args()
    strategy = ShardedStrategy(activation_checkpointing_policy=REMAT_LAYERS[args.remat])
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, args.steps, args.lr)
