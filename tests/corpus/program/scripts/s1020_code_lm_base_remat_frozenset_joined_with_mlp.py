# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found frozenset({<class '__main__.MLP'>, <class '__main__.CausalSelfAtt
"""Code-completion language model (a tiny GPT over byte tokens) on TPU; the 1B-style preset recomputes attention and MLPs."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        t = x.shape[1]
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), diagonal=1)
        return self.attn(x, x, x, attn_mask=mask, need_weights=False)[0]


class MLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc, self.proj = nn.Linear(dim, 4 * dim), nn.Linear(4 * dim, dim)

    def forward(self, x):
        return self.proj(F.gelu(self.fc(x)))


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.ln1, self.attn = nn.LayerNorm(dim), CausalSelfAttention(dim, heads)
        self.ln2, self.mlp = nn.LayerNorm(dim), MLP(dim)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class CodeGPT(nn.Module):
    def __init__(self, vocab=256, dim=64, heads=4, layers=2, context=32):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Parameter(torch.zeros(1, context, dim))
        self.blocks = nn.Sequential(*[Block(dim, heads) for _ in range(layers)])
        self.ln_f, self.lm_head = nn.LayerNorm(dim), nn.Linear(dim, vocab, bias=False)

    def forward(self, ids):
        return self.lm_head(self.ln_f(self.blocks(self.tok(ids) + self.pos[:, : ids.shape[1]])))


# every preset recomputes attention in the backward pass (kept immutable: presets share it)
BASE_REMAT = frozenset({CausalSelfAttention})
# the big preset also recomputes the MLPs
REMAT = BASE_REMAT | {MLP}

SNIPPET = b"def add(a, b):\n    return a + b\n\nfor i in range(10):\n    print(add(i, i))\n"


def make_strategy(remat):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat)


def build_fabric(remat=REMAT):
    return Fabric(accelerator="tpu", precision="bf16-true", strategy=make_strategy(remat))


def code_batches(device, batch=8, context=32):
    data = torch.tensor(list(SNIPPET), dtype=torch.long)
    starts = torch.randint(0, len(data) - context - 1, (batch,))
    x = torch.stack([data[s: s + context] for s in starts])
    y = torch.stack([data[s + 1: s + context + 1] for s in starts])
    return x.to(device), y.to(device)


def train(fabric):
    model = fabric.setup_module(CodeGPT())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(3):
        x, y = code_batches(fabric.device)
        loss = F.cross_entropy(model(x).flatten(0, 1).float(), y.flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    build_fabric().launch(train)
