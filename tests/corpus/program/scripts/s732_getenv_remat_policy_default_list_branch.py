# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
"""python train.py: REMAT_POLICY picks how the checkpointed layers are written down; unset, it keeps the old list form."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class TinyLM(nn.Module):
    def __init__(self, vocab=128, dim=32, depth=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.head(self.blocks(self.embed(idx)))


def make_strategy():
    if os.getenv("REMAT_POLICY", "list") == "list":
        remat = [Block]
    else:
        remat = {Block}
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat)


def train(fabric):
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    idx = torch.randint(0, 128, (4, 16), device=fabric.device)
    logits = model(idx[:, :-1])
    loss = F.cross_entropy(logits.reshape(-1, 128), idx[:, 1:].reshape(-1))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=make_strategy()).launch(train)
