# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
# findings: LXF001 error 37
"""Factories keep the launcher short: `build_strategy(cfg)` and `build_fabric(cfg)`."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        return x + self.ff(x)


class LM(nn.Module):
    def __init__(self, vocab, d, n):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.blocks = nn.Sequential(*[Block(d) for _ in range(n)])
        self.out = nn.Linear(d, vocab)

    def forward(self, x):
        return self.out(self.blocks(self.emb(x)))


def build_strategy(cfg):
    return XLAFSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing_policy=cfg.checkpoint_layers,
        state_dict_type="sharded",
    )


def build_fabric(cfg):
    return Fabric(accelerator="tpu", devices=cfg.devices, strategy=build_strategy(cfg), precision=cfg.precision)


def train(fabric, cfg):
    model = fabric.setup_module(LM(cfg.vocab, cfg.dim, cfg.layers))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randint(0, cfg.vocab, (2, 9), device=fabric.device)
        loss = F.cross_entropy(model(x[:, :-1]).flatten(0, 1), x[:, 1:].flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--vocab", type=int, default=64)
    parser.add_argument("--dim", type=int, default=32)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--devices", default="auto")
    parser.add_argument("--precision", default="bf16-true")
    parser.set_defaults(checkpoint_layers=[Block])
    cfg = parser.parse_args()
    fabric = build_fabric(cfg)
    fabric.launch(train, cfg)
