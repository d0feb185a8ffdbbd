"""Tiny GRU decoder that writes recipe titles from an ingredient bag."""
import torch
from torch import nn

BOS, EOS = 1, 2


class TitleDecoder(nn.Module):
    def __init__(self, n_ingredients=40, vocab=64, dim=32):
        super().__init__()
        self.ingredients = nn.EmbeddingBag(n_ingredients, dim, mode="mean")
        self.tokens = nn.Embedding(vocab, dim)
        self.gru = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, vocab)

    def forward(self, ingredient_ids, title_ids):
        h0 = self.ingredients(ingredient_ids)[None]
        h, _ = self.gru(self.tokens(title_ids), h0)
        return self.out(h)

    def greedy_decode(self, ingredient_ids, max_len=8):
        h = self.ingredients(ingredient_ids)[None]
        tok = torch.full((ingredient_ids.shape[0], 1), BOS, dtype=torch.long, device=ingredient_ids.device)
        out = []
        for _ in range(max_len):
            y, h = self.gru(self.tokens(tok), h)
            tok = self.out(y).argmax(-1)
            out.append(tok)
        return torch.cat(out, dim=1)
