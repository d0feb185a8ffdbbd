# expect: LXF031
# oracle: RAISED RuntimeError: Check failed: weight->shape().get().dimensions_size() == 2 (1 vs. 2)
"""Tiny decoder-only transformer that learns to write recipe titles (character level), with a sample printed after training."""
import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

TITLES = [
    "lemon garlic roast chicken", "spicy black bean soup", "classic apple pie", "creamy mushroom risotto",
    "honey glazed carrots", "tomato basil bruschetta", "banana oat pancakes", "slow cooker beef chili",
]
CORPUS = "\n".join(TITLES) + "\n"
CHARS = sorted(set(CORPUS))
STOI = {c: i for i, c in enumerate(CHARS)}


@dataclass
class LMConfig:
    block_size: int = 24
    n_embd: int = 48
    n_head: int = 4
    n_layer: int = 2
    batch_size: int = 16
    grad_accum: int = 2
    max_steps: int = 4
    lr: float = 3e-3


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.ln1 = nn.LayerNorm(cfg.n_embd)
        self.attn = nn.MultiheadAttention(cfg.n_embd, cfg.n_head, batch_first=True)
        self.ln2 = nn.LayerNorm(cfg.n_embd)
        self.mlp = nn.Sequential(nn.Linear(cfg.n_embd, 4 * cfg.n_embd), nn.GELU(), nn.Linear(4 * cfg.n_embd, cfg.n_embd))

    def forward(self, x, mask):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class RecipeLM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.tok = nn.Embedding(len(CHARS), cfg.n_embd)
        self.pos = nn.Embedding(cfg.block_size, cfg.n_embd)
        self.blocks = nn.ModuleList([Block(cfg) for _ in range(cfg.n_layer)])
        self.ln_f = nn.LayerNorm(cfg.n_embd)
        self.head = nn.Linear(cfg.n_embd, len(CHARS), bias=False)

    def forward(self, idx):
        t = idx.size(1)
        mask = torch.triu(torch.full((t, t), float("-inf"), device=idx.device), diagonal=1)
        x = self.tok(idx) + self.pos(torch.arange(t, device=idx.device))
        for block in self.blocks:
            x = block(x, mask)
        return self.head(self.ln_f(x))

    @torch.no_grad()
    def generate(self, idx, max_new_tokens, temperature=0.8):
        for _ in range(max_new_tokens):
            idx_cond = idx if idx.size(1) <= self.cfg.block_size else idx[:, -self.cfg.block_size:]
            logits = self(idx_cond)[:, -1] / temperature
            idx = torch.cat([idx, torch.multinomial(F.softmax(logits, dim=-1), 1)], dim=1)
        return idx


def get_batch(cfg, generator):
    data = torch.tensor([STOI[c] for c in CORPUS])
    ix = torch.randint(len(data) - cfg.block_size - 1, (cfg.batch_size,), generator=generator)
    x = torch.stack([data[i:i + cfg.block_size] for i in ix])
    y = torch.stack([data[i + 1:i + cfg.block_size + 1] for i in ix])
    return x, y


def sample(fabric, model, prompt="s", n=16):
    idx = torch.tensor([[STOI[c] for c in prompt]], device=fabric.device)
    out = model.generate(idx, max_new_tokens=n)
    return "".join(CHARS[i] for i in out[0].tolist())


def train(fabric, cfg):
    generator = torch.Generator().manual_seed(0)
    model = fabric.setup_module(RecipeLM(cfg))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr, betas=(0.9, 0.95)))
    for step in range(cfg.max_steps):
        for micro in range(cfg.grad_accum):
            x, y = fabric.to_device(get_batch(cfg, generator))
            with fabric.no_backward_sync(model, enabled=micro < cfg.grad_accum - 1):
                logits = model(x)
                loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1))
                fabric.backward(loss / cfg.grad_accum)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        fabric.print(f"step {step}: loss {loss.item():.3f} (ppl {math.exp(loss.item()):.1f})")
    model.eval()
    fabric.print("sample:", repr(sample(fabric, model)))


if __name__ == "__main__":
    cfg = LMConfig()
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
