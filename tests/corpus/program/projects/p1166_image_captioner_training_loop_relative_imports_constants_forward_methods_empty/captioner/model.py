"""A feature-conditioned recurrent caption decoder: teacher forcing in `forward`, greedy decoding for samples."""
import torch
from torch import nn

from .constants import BOS, FEAT_DIM, HIDDEN, VOCAB_SIZE


class DecoderLayer(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.inp = nn.Linear(hidden, hidden)
        self.rec = nn.Linear(hidden, hidden)

    def forward(self, x, h):
        return torch.tanh(self.inp(x) + self.rec(h))


class CaptionDecoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.project = nn.Linear(FEAT_DIM, HIDDEN)
        self.embed = nn.Embedding(VOCAB_SIZE, HIDDEN)
        self.layer = DecoderLayer(HIDDEN)
        self.out = nn.Linear(HIDDEN, VOCAB_SIZE)

    def forward(self, feats, tokens):
        h = torch.tanh(self.project(feats))
        logits = []
        for t in range(tokens.shape[1]):
            h = self.layer(self.embed(tokens[:, t]), h)
            logits.append(self.out(h))
        return torch.stack(logits, dim=1)

    @torch.no_grad()
    def greedy_decode(self, feats, max_len: int):
        h = torch.tanh(self.project(feats))
        token = torch.full((feats.shape[0],), BOS, dtype=torch.long, device=feats.device)
        caption = []
        for _ in range(max_len):
            h = self.layer(self.embed(token), h)
            token = self.out(h).argmax(-1)
            caption.append(token)
        return torch.stack(caption, dim=1)
