"""Toy translation task: read a digit string, emit it reversed (GRU encoder-decoder, teacher forcing)."""
import torch
import torch.nn.functional as F
from torch import nn

from runner import BaseRunner

BOS, VOCAB = 10, 11


class Encoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)

    def forward(self, src):
        return self.rnn(self.emb(src))[1]


class Decoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, VOCAB)

    def forward(self, tgt_in, hidden):
        return self.out(self.rnn(self.emb(tgt_in), hidden)[0])


class Seq2Seq(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.encoder = Encoder(dim)
        self.decoder = Decoder(dim)

    def forward(self, src, tgt_in):
        return self.decoder(tgt_in, self.encoder(src))


def reversal_pairs(n, length=8):
    src = torch.randint(0, 10, (n, length))
    tgt = src.flip(1)
    tgt_in = torch.cat([torch.full((n, 1), BOS), tgt[:, :-1]], dim=1)
    return src, tgt_in, tgt


class ReversalRunner(BaseRunner):
    def __init__(self, dim=32, **kwargs):
        kwargs.setdefault("wrap_layers", {Encoder, Decoder})
        super().__init__(**kwargs)
        self.dim = dim

    def main(self):
        fabric = self.fabric
        model = fabric.setup_module(Seq2Seq(self.dim))
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=self.lr))
        for step in range(self.steps):
            src, tgt_in, tgt = fabric.to_device(reversal_pairs(32))
            logits = model(src, tgt_in)
            loss = F.cross_entropy(logits.reshape(-1, VOCAB), tgt.reshape(-1))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: token ce {loss.item():.3f}")
