# expect: none
# real: OK
# findings: LXF013 warning 43
"""A port of litgpt-style XLA code with an auto-wrap policy: the optimizer is built from the raw model
after `setup_module`. Nothing raises: the raw model holds the wrapped blocks' shards, so the optimizer
trains the blocks and silently never updates the embedding and the head (the root's own layers).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.attn_proj = nn.Linear(width, width)
        self.mlp = nn.Linear(width, width)

    def forward(self, x):
        return x + self.mlp(torch.tanh(self.attn_proj(x)))


class GPT(nn.Module):
    def __init__(self, vocab=64, width=32, depth=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, width)
        self.h = nn.ModuleList(Block(width) for _ in range(depth))
        self.lm_head = nn.Linear(width, vocab)

    def forward(self, idx):
        x = self.wte(idx)
        for block in self.h:
            x = block(x)
        return self.lm_head(x)


def fit(fabric):
    gpt = GPT()
    model = fabric.setup_module(gpt)
    optimizer = torch.optim.AdamW(gpt.parameters(), lr=1e-3, weight_decay=0.0)
    optimizer = fabric.setup_optimizers(optimizer)
    idx = torch.randint(0, 64, (2, 8), device=fabric.device)
    loss = F.cross_entropy(model(idx).reshape(-1, 64), idx.reshape(-1))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(fit)
