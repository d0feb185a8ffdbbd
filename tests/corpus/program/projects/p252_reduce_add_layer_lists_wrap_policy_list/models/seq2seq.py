from torch import nn

from models.decoder import CrossProjection, DecoderBlock
from models.encoder import EncoderBlock


class Seq2Seq(nn.Module):
    def __init__(self, vocab: int = 64, dim: int = 32, depth: int = 2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.encoder = nn.ModuleList([EncoderBlock(dim) for _ in range(depth)])
        self.cross = CrossProjection(dim)
        self.decoder = nn.ModuleList([DecoderBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, src, tgt):
        memory = self.embed(src)
        for block in self.encoder:
            memory = block(memory)
        memory = self.cross(memory)
        x = self.embed(tgt)
        for block in self.decoder:
            x = block(x, memory)
        return self.head(x)
