# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
# findings: LXF001 error 76
"""Pretrain a small decoder on a TPU v4-8 with XLA FSDP.

All knobs live in one dataclass so that sweeps can override them from the command line.
"""
import argparse
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class Decoder(nn.Module):
    def __init__(self, vocab: int, dim: int, depth: int):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.head(self.blocks(self.embed(idx)))


@dataclass
class TrainConfig:
    vocab_size: int = 128
    dim: int = 32
    depth: int = 2
    seq_len: int = 16
    batch_size: int = 4
    lr: float = 3e-4
    max_steps: int = 2
    wrap_layers: tuple = (Block,)
    remat_layers: tuple = (Block,)


def main(fabric, cfg: TrainConfig):
    with fabric.init_module():
        model = Decoder(cfg.vocab_size, cfg.dim, cfg.depth)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.max_steps):
        tokens = torch.randint(0, cfg.vocab_size, (cfg.batch_size, cfg.seq_len + 1), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, cfg.vocab_size), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    args = parser.parse_args()
    cfg = TrainConfig(max_steps=args.max_steps, lr=args.lr)

    strategy = XLAFSDPStrategy(
        auto_wrap_policy=set(cfg.wrap_layers),
        activation_checkpointing_policy=cfg.remat_layers,
        state_dict_type="sharded",
    )
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=strategy, precision="bf16-true")
    fabric.launch(main, cfg)
