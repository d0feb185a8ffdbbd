# expect: LXF036
# oracle: RAISED AttributeError: You marked 'generate' as a forward method, but `HaikuLM.generate` does not exist or is not a method.
"""A character-level haiku model: train a few steps, then decode a line; POEM_* environment variables set the run."""
import os
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CORPUS = "an old silent pond / a frog jumps into the pond / splash silence again / "
CHARS = sorted(set(CORPUS))
STOI = {c: i for i, c in enumerate(CHARS)}


@dataclass(frozen=True)
class Settings:
    steps: int
    context: int
    lr: float
    decode_method: str  # the model method decoding runs through the set-up module

    @classmethod
    def from_env(cls, env=os.environ):
        return cls(
            steps=int(env.get("POEM_STEPS", "3")),
            context=int(env.get("POEM_CONTEXT", "8")),
            lr=float(env.get("POEM_LR", "3e-3")),
            decode_method=env.get("POEM_DECODE_METHOD", "generate"),
        )


class MixBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(self.norm(x)))


class HaikuLM(nn.Module):
    def __init__(self, vocab, context, dim=32):
        super().__init__()
        self.vocab = vocab
        self.inp = nn.Linear(vocab * context, dim)
        self.blocks = nn.Sequential(MixBlock(dim), MixBlock(dim))
        self.out = nn.Linear(dim, vocab)

    def forward(self, ids):  # (B, context) -> next-char logits
        onehot = F.one_hot(ids, self.vocab).float().flatten(1)
        return self.out(self.blocks(self.inp(onehot)))

    def sample(self, ids, n_chars=10):
        for _ in range(n_chars):
            nxt = self(ids[:, -ids.shape[1]:]).argmax(-1, keepdim=True)
            ids = torch.cat([ids[:, 1:], nxt], dim=1)
        return ids


def windows(context):
    data = torch.tensor([STOI[c] for c in CORPUS])
    xs = torch.stack([data[i : i + context] for i in range(len(data) - context)])
    ys = data[context:]
    return xs, ys


def decode(model, settings, prompt):
    method = getattr(model, settings.decode_method)
    return method(prompt)


def train(fabric, settings):
    model = fabric.setup_module(HaikuLM(len(CHARS), settings.context))
    model.mark_forward_method(settings.decode_method)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=settings.lr))
    xs, ys = windows(settings.context)
    xs, ys = xs.to(fabric.device), ys.to(fabric.device)
    for step in range(settings.steps):
        loss = F.cross_entropy(model(xs), ys)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    ids = decode(model, settings, xs[:1])
    fabric.print("".join(CHARS[i] for i in ids[0].tolist()))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MixBlock}))
    fabric.launch(train, Settings.from_env())
