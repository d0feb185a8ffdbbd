# expect: none
# oracle: OK
# twin: s940_comma_separated_remat_layers_helper_returns_list
"""Byte-level decoder LM; the remat layers come from a comma-separated --remat-layers flag, asked of the helper as a set."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


class DecoderLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = Attention(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.ff(self.ln2(x))


class ByteLM(nn.Module):
    def __init__(self, dim=64, depth=2):
        super().__init__()
        self.tok = nn.Embedding(256, dim)
        self.layers = nn.ModuleList(DecoderLayer(dim) for _ in range(depth))
        self.out = nn.Linear(dim, 256)

    def forward(self, idx):
        x = self.tok(idx)
        for layer in self.layers:
            x = layer(x)
        return self.out(x)


KNOWN_LAYERS = {"DecoderLayer": DecoderLayer, "Attention": Attention}


def layer_classes(spec, as_set=False):
    """Turn "DecoderLayer, Attention" into the classes it names, in the order given."""
    names = [name.strip() for name in spec.split(",") if name.strip()]
    classes = [KNOWN_LAYERS[name] for name in names]
    return set(classes) if as_set else classes


def parse_args():
    parser = argparse.ArgumentParser(description="byte-level LM on a TPU host")
    parser.add_argument("--remat-layers", default="DecoderLayer", help="comma-separated layer class names")
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--seq-len", type=int, default=32)
    return parser.parse_args()


def train(fabric, args):
    fabric.print("recomputing:", [cls.__name__ for cls in layer_classes(args.remat_layers)])
    model = fabric.setup_module(ByteLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(args.steps):
        data = torch.randint(0, 256, (4, args.seq_len + 1), device=fabric.device)
        logits = model(data[:, :-1])
        loss = F.cross_entropy(logits.flatten(0, 1), data[:, 1:].flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    args = parse_args()
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={DecoderLayer},
        activation_checkpointing_policy=layer_classes(args.remat_layers, as_set=True),
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, args)
