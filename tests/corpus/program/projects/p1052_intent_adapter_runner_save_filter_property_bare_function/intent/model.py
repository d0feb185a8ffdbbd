"""Intent classifier: a frozen-size text encoder with bottleneck adapters after each layer."""
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, INTENTS, SEQ = 800, 7, 12


class Adapter(nn.Module):
    def __init__(self, dim, bottleneck=8):
        super().__init__()
        self.down = nn.Linear(dim, bottleneck)
        self.up = nn.Linear(bottleneck, dim)

    def forward(self, x):
        return x + self.up(F.relu(self.down(x)))


class EncoderLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.norm = nn.LayerNorm(dim)
        self.adapter = Adapter(dim)

    def forward(self, x):
        return self.adapter(self.norm(x + self.ff(x)))


class IntentClassifier(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim)
        self.layers = nn.Sequential(*(EncoderLayer(dim) for _ in range(depth)))
        self.head = nn.Linear(dim, INTENTS)

    def forward(self, tokens):
        return self.head(self.layers(self.embed(tokens)).mean(dim=1))


def utterances(n):
    intent = torch.randint(0, INTENTS, (n,))
    tokens = torch.randint(0, VOCAB, (n, SEQ))
    tokens[:, 0] = intent * 100 + 1  # a keyword per intent
    return tokens, intent
