# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
# findings: LXF001 error 75
"""GPT pretraining with a `--remat` switch: none, per block, or per block and attention."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Attention(nn.Module):
    def __init__(self, dim, heads=2):
        super().__init__()
        self.inner = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        return self.inner(x, x, x, need_weights=False)[0]


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln_1, self.ln_2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = Attention(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, vocab=96, dim=32, depth=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.h = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.lm_head(self.h(self.wte(idx)))


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", choices=["none", "block", "full"], default="block")
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=2)
    return parser.parse_args()


def train(fabric, args):
    model = fabric.setup_module(GPT())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=6e-4))
    for it in range(args.steps):
        x = torch.randint(0, 96, (args.batch_size, 17), device=fabric.device)
        logits = model(x[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, 96), x[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"iter {it} loss {loss.item():.4f}")


if __name__ == "__main__":
    args = parse_args()
    if args.remat == "none":
        remat_policy = None
    elif args.remat == "block":
        remat_policy = [Block]
    else:
        remat_policy = {Block, Attention}
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat_policy)
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=strategy)
    fabric.launch(train, args)
