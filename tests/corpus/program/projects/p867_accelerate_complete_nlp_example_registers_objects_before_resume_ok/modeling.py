"""A small BERT-style pair classifier (stand-in for AutoModelForSequenceClassification("bert-base-cased"))."""
import torch
import torch.nn.functional as F
from torch import nn


class BertLayer(nn.Module):
    def __init__(self, hidden: int, heads: int) -> None:
        super().__init__()
        self.attention = nn.MultiheadAttention(hidden, heads, batch_first=True)
        self.attention_norm = nn.LayerNorm(hidden)
        self.intermediate = nn.Linear(hidden, 4 * hidden)
        self.output = nn.Linear(4 * hidden, hidden)
        self.output_norm = nn.LayerNorm(hidden)

    def forward(self, x, key_padding_mask):
        x = self.attention_norm(x + self.attention(x, x, x, key_padding_mask=key_padding_mask, need_weights=False)[0])
        return self.output_norm(x + self.output(F.gelu(self.intermediate(x))))


class BertForSequenceClassification(nn.Module):
    def __init__(self, vocab_size: int, hidden: int = 32, heads: int = 2, layers: int = 2, num_labels: int = 2, max_length: int = 16) -> None:
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab_size, hidden)
        self.position_embeddings = nn.Embedding(max_length, hidden)
        self.token_type_embeddings = nn.Embedding(2, hidden)
        self.layers = nn.ModuleList(BertLayer(hidden, heads) for _ in range(layers))
        self.pooler = nn.Linear(hidden, hidden)
        self.classifier = nn.Linear(hidden, num_labels)

    def forward(self, input_ids, token_type_ids, attention_mask, labels=None):
        positions = torch.arange(input_ids.size(1), device=input_ids.device)
        x = self.word_embeddings(input_ids) + self.position_embeddings(positions) + self.token_type_embeddings(token_type_ids)
        for layer in self.layers:
            x = layer(x, key_padding_mask=attention_mask == 0)
        logits = self.classifier(torch.tanh(self.pooler(x[:, 0])))
        loss = F.cross_entropy(logits, labels) if labels is not None else None
        return loss, logits
