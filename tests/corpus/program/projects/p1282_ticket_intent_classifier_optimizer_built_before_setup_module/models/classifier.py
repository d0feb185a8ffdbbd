"""A small transformer encoder with mean pooling over non-padding tokens."""
import torch
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads, dropout):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, dropout=dropout, batch_first=True)
        self.norm1 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Dropout(dropout), nn.Linear(4 * dim, dim))
        self.norm2 = nn.LayerNorm(dim)

    def forward(self, x, pad_mask):
        x = self.norm1(x + self.attn(x, x, x, key_padding_mask=pad_mask, need_weights=False)[0])
        return self.norm2(x + self.ff(x))


class TicketClassifier(nn.Module):
    def __init__(self, vocab_size, num_labels, cfg):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, cfg.dim, padding_idx=0)
        self.pos = nn.Parameter(torch.zeros(1, cfg.max_len, cfg.dim))
        self.layers = nn.ModuleList([EncoderLayer(cfg.dim, cfg.heads, cfg.dropout) for _ in range(cfg.layers)])
        self.classifier = nn.Linear(cfg.dim, num_labels)

    def forward(self, tokens):
        pad_mask = tokens == 0
        x = self.embed(tokens) + self.pos[:, : tokens.size(1)]
        for layer in self.layers:
            x = layer(x, pad_mask)
        keep = (~pad_mask).unsqueeze(-1).float()
        pooled = (x * keep).sum(1) / keep.sum(1).clamp(min=1.0)
        return self.classifier(pooled)
