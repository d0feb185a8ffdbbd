from torch import nn


class Block(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.norm = nn.LayerNorm(config.n_embd)
        self.mlp = nn.Linear(config.n_embd, config.n_embd)

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class GPT(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.transformer = nn.ModuleList(Block(config) for _ in range(config.n_layer))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size)

    def forward(self, idx):
        x = self.wte(idx)
        for block in self.transformer:
            x = block(x)
        return self.lm_head(x)
