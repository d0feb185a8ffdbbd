# expect: none
# real: OK
# findings: none
"""GPT pretraining with a `--remat` switch. The default run does not checkpoint; the "legacy"
choice is kept for old launch scripts of the team."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.ln(x))


class GPT(nn.Module):
    def __init__(self, vocab=96, dim=32, depth=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.h = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.lm_head(self.h(self.wte(idx)))


def choose_policy(args):
    if args.remat == "block":
        policy = {Block}
    elif args.remat == "legacy":
        policy = [Block]
    else:
        policy = None
    return policy


def train(fabric, args):
    model = fabric.setup_module(GPT())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=6e-4))
    for it in range(args.steps):
        x = torch.randint(0, 96, (2, 17), device=fabric.device)
        loss = F.cross_entropy(model(x[:, :-1]).reshape(-1, 96), x[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", choices=["off", "block", "legacy"], default="off")
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing_policy=choose_policy(args),
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, args)
