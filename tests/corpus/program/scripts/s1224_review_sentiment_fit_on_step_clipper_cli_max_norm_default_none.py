# expect: LXF015
# oracle: RAISED ValueError: You have to specify either `clip_val` or `max_norm` to do gradient clipping!
"""Review sentiment with a bag-of-embeddings model; `fit` takes an `on_step=` callable, here the gradient clipper `make_clipper` returns for the CLI's `--max-norm`."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

VOCAB = 200


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab=VOCAB, dim=32):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.classifier = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, 2))

    def forward(self, tokens):
        return self.classifier(self.embed(tokens))


def make_clipper(fabric, max_norm=None, clip_val=None):
    def clip(model, optimizer):
        return fabric.clip_gradients(model, optimizer, max_norm=max_norm, clip_val=clip_val)

    return clip


def fit(fabric, model, optimizer, steps, on_step=None):
    for step in range(steps):
        tokens = torch.randint(0, VOCAB, (8, 20), device=fabric.device)
        labels = (tokens.float().mean(-1) > VOCAB / 2).long()
        loss = F.cross_entropy(model(tokens), labels)
        fabric.backward(loss)
        if on_step is not None:
            on_step(model, optimizer)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def main(fabric, args):
    model = fabric.setup_module(BagOfEmbeddings())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    final = fit(fabric, model, optimizer, args.steps, on_step=make_clipper(fabric, max_norm=args.max_norm))
    fabric.print(f"final loss {final:.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--max-norm", type=float, default=None)
    args = parser.parse_args()
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main, args)
