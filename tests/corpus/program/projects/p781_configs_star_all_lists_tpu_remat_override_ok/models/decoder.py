"""A small pre-norm decoder, sized so one step runs in seconds on a single core."""
import torch
from torch import nn


class DecoderBlock(nn.Module):
    def __init__(self, dim, heads, mlp_ratio=4):
        super().__init__()
        self.ln_attn = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln_mlp = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(
            nn.Linear(dim, mlp_ratio * dim),
            nn.GELU(),
            nn.Linear(mlp_ratio * dim, dim),
        )

    def forward(self, x, mask):
        h = self.ln_attn(x)
        attn_out, _ = self.attn(h, h, h, attn_mask=mask, need_weights=False)
        x = x + attn_out
        return x + self.mlp(self.ln_mlp(x))


class TinyDecoder(nn.Module):
    def __init__(self, vocab_size, dim, depth, heads, max_len):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, dim)
        self.pos = nn.Parameter(torch.zeros(1, max_len, dim))
        self.blocks = nn.ModuleList(DecoderBlock(dim, heads) for _ in range(depth))
        self.ln_f = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab_size, bias=False)

    def forward(self, idx):
        t = idx.size(1)
        mask = torch.ones(t, t, dtype=torch.bool, device=idx.device).triu(diagonal=1)
        x = self.tok(idx) + self.pos[:, :t]
        for block in self.blocks:
            x = block(x, mask)
        return self.head(self.ln_f(x))
