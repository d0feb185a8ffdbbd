# expect: FSDP001
# real: RAISED ValueError: You cannot set both `activation_checkpointing` and `activation_checkpointing_policy`. Use the latter.
# findings: FSDP001 error 36
"""Fine-tune a small decoder on 8 GPUs with FSDP. The script was updated to the new
`activation_checkpointing_policy` argument but the old `activation_checkpointing` was left in."""
import argparse

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy


class Block(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--layers", type=int, default=12)
    parser.add_argument("--steps", type=int, default=100)
    args = parser.parse_args([])

    strategy = FSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing=[Block],
        activation_checkpointing_policy={Block},
        state_dict_type="sharded",
    )
    fabric = Fabric(accelerator="cuda", devices=8, strategy=strategy, precision="bf16-mixed")
    fabric.launch()

    model = nn.Sequential(*[Block(512, 8) for _ in range(args.layers)])
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model, optimizer = fabric.setup(model, optimizer)
    for step in range(args.steps):
        x = torch.randn(4, 128, 512, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
