# expect: none
# real: OK
# findings: none
"""The same port with the threshold named `max_norm`: clipping by norm, which XLAFSDPStrategy supports."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.mlp = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(), nn.Linear(4 * width, width))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class TinyLM(nn.Module):
    def __init__(self, vocab=64, width=32, depth=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.blocks = nn.Sequential(*[Block(width) for _ in range(depth)])
        self.head = nn.Linear(width, vocab)

    def forward(self, idx):
        return self.head(self.blocks(self.embed(idx)))


def train(fabric, args):
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        idx = torch.randint(0, 64, (4, 16), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, 64), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=args.grad_clip)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step} loss {loss.item():.3f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--grad-clip", type=float, default=1.0)
    args = parser.parse_args([])
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)


if __name__ == "__main__":
    main()
