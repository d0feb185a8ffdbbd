# expect: LXF001
# findings: LXF001 error 79
"""Pretrain a small GPT on a TPU v4-8 with XLA FSDP and activation checkpointing.

Fails at `fabric.setup_module`, inside every worker: the checkpointing policy is a list.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, TensorDataset


class Block(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, vocab: int = 32000, dim: int = 512, depth: int = 8, heads: int = 8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim, heads) for _ in range(depth))
        self.head = nn.Linear(dim, vocab, bias=False)

    def forward(self, idx):
        x = self.embed(idx)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def train(fabric, args):
    tokens = torch.randint(0, 32000, (2048, args.seq_len + 1))
    loader = fabric.setup_dataloaders(DataLoader(TensorDataset(tokens), batch_size=args.batch_size, shuffle=True))
    with fabric.init_module():
        model = GPT()
    model = fabric.setup_module(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.1)
    optimizer = fabric.setup_optimizers(optimizer)
    model.train()
    for step, (batch,) in enumerate(loader):
        x, y = batch[:, :-1], batch[:, 1:]
        logits = model(x)
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), y.reshape(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        if step % 10 == 0:
            fabric.print(f"step {step} loss {loss.item():.3f} ppl {math.exp(loss.item()):.1f}")
        if step >= args.max_steps:
            break


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--seq-len", type=int, default=256)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--max-steps", type=int, default=200)
    args = parser.parse_args()

    strategy = XLAFSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing_policy=[Block],
        state_dict_type="sharded",
    )
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=strategy, precision="bf16-true")
    fabric.launch(train, args)
