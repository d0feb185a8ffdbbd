from torch import nn

from utils.dist import sharded


class FingerprintBlock(nn.Module):
    def __init__(self, hidden, dropout):
        super().__init__()
        self.fc = nn.Linear(hidden, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        return x + self.drop(self.fc(self.norm(x)).relu())


class PropertyRegressor(nn.Module):
    def __init__(self, bits, hidden, depth, dropout):
        super().__init__()
        self.inp = nn.Linear(bits, hidden)
        self.blocks = nn.Sequential(*[FingerprintBlock(hidden, dropout) for _ in range(depth)])
        self.out = nn.Linear(hidden, 1)

    def forward(self, fp):
        return self.out(self.blocks(self.inp(fp))).squeeze(-1)


@sharded()
def build_model(cfg):
    return PropertyRegressor(cfg.bits, cfg.hidden, cfg.depth, cfg.dropout)
