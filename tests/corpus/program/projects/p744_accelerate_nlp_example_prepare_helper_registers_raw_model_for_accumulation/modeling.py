"""A small encoder-only sequence classifier (stand-in for bert-base-cased)."""
import torch
import torch.nn.functional as F
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, hidden, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(hidden, heads, batch_first=True)
        self.ln1 = nn.LayerNorm(hidden)
        self.ff = nn.Sequential(nn.Linear(hidden, 4 * hidden), nn.GELU(), nn.Linear(4 * hidden, hidden))
        self.ln2 = nn.LayerNorm(hidden)

    def forward(self, x, key_padding_mask):
        x = self.ln1(x + self.attn(x, x, x, key_padding_mask=key_padding_mask, need_weights=False)[0])
        return self.ln2(x + self.ff(x))


class SequenceClassifier(nn.Module):
    def __init__(self, vocab_size, hidden=64, heads=2, layers=2, num_labels=2, max_length=32):
        super().__init__()
        self.embeddings = nn.Embedding(vocab_size, hidden)
        self.positions = nn.Embedding(max_length, hidden)
        self.layers = nn.ModuleList(EncoderLayer(hidden, heads) for _ in range(layers))
        self.classifier = nn.Linear(hidden, num_labels)

    def forward(self, input_ids, attention_mask, labels=None):
        pos = torch.arange(input_ids.size(1), device=input_ids.device)
        x = self.embeddings(input_ids) + self.positions(pos)
        for layer in self.layers:
            x = layer(x, key_padding_mask=attention_mask == 0)
        logits = self.classifier(x[:, 0])
        loss = F.cross_entropy(logits, labels) if labels is not None else None
        return loss, logits
