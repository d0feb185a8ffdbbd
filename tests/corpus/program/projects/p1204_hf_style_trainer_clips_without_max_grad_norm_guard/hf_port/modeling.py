"""A two-layer Transformer encoder with a token-classification head."""
import torch
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, d_model=32, nhead=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(d_model, nhead, batch_first=True)
        self.ln1, self.ln2 = nn.LayerNorm(d_model), nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, 4 * d_model), nn.GELU(), nn.Linear(4 * d_model, d_model))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.ln2(x))


class TinyTagger(nn.Module):
    def __init__(self, vocab_size, num_labels, d_model=32, layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.layers = nn.ModuleList(EncoderLayer(d_model) for _ in range(layers))
        self.classifier = nn.Linear(d_model, num_labels)
        self.num_labels = num_labels

    def forward(self, input_ids, labels=None):
        x = self.embed(input_ids)
        for layer in self.layers:
            x = layer(x)
        logits = self.classifier(x)
        loss = None
        if labels is not None:
            loss = nn.functional.cross_entropy(logits.view(-1, self.num_labels), labels.view(-1))
        return {"loss": loss, "logits": logits}


def random_batch(batch_size, seq_len=12, vocab_size=200, num_labels=5, generator=None):
    input_ids = torch.randint(0, vocab_size, (batch_size, seq_len), generator=generator)
    return {"input_ids": input_ids, "labels": input_ids % num_labels}
