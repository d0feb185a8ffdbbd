# expect: none
# real: OK
# findings: none
"""T5-ish encoder pretraining; the rematerialisation mode is picked with `match`."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class FeedForward(nn.Module):
    def __init__(self, d_model):
        super().__init__()
        self.wi = nn.Linear(d_model, 2 * d_model, bias=False)
        self.wo = nn.Linear(2 * d_model, d_model, bias=False)

    def forward(self, x):
        return self.wo(F.relu(self.wi(x)))


class T5Layer(nn.Module):
    def __init__(self, d_model):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.ff = FeedForward(d_model)

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Encoder(nn.Module):
    def __init__(self, vocab=80, d_model=32, layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.layers = nn.Sequential(*(T5Layer(d_model) for _ in range(layers)))
        self.out = nn.Linear(d_model, vocab)

    def forward(self, ids):
        return self.out(self.layers(self.embed(ids)))


def remat_policy(mode: str):
    match mode:
        case "layer":
            return {T5Layer}
        case "ffn":
            return {FeedForward}
        case "none" | "off":
            return None
        case _:
            raise ValueError(f"unknown remat mode {mode!r}")


def pretrain(fabric, args):
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(args.steps):
        ids = torch.randint(0, 80, (2, 12), device=fabric.device)
        loss = F.cross_entropy(model(ids).view(-1, 80), ids.view(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", default="layer")
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    strategy = XLAFSDPStrategy(auto_wrap_policy={T5Layer}, activation_checkpointing_policy=remat_policy(args.remat))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(pretrain, args)
