# expect: none
# findings: none
"""GPT pretraining on a TPU pod with XLA FSDP, done right: the checkpointing policy is a set, and
`auto_wrap_policy` wraps the same blocks so the policy has modules to act on."""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, vocab=50304, dim=768, depth=12, heads=12):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[Block(dim, heads) for _ in range(depth)])
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, idx):
        return self.lm_head(self.blocks(self.wte(idx)))


def cosine_lr(step, warmup, total, peak):
    if step < warmup:
        return peak * (step + 1) / warmup
    return peak * 0.5 * (1 + math.cos(math.pi * (step - warmup) / max(1, total - warmup)))


def train(fabric, args):
    with fabric.init_module():
        model = GPT()
    model = fabric.setup_module(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.95), weight_decay=0.1)
    optimizer = fabric.setup_optimizers(optimizer)
    state = {"model": model, "optimizer": optimizer, "step": 0}
    if args.resume:
        fabric.load(args.resume, state)
    for step in range(state["step"], args.steps):
        for group in optimizer.param_groups:
            group["lr"] = cosine_lr(step, 200, args.steps, args.lr)
        idx = torch.randint(0, 50304, (args.batch_size, 1025), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.flatten(0, 1), idx[:, 1:].flatten())
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        state["step"] = step
        if step % args.save_every == 0:
            fabric.save(f"{args.out}/step-{step:07d}", state)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=600_000)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--lr", type=float, default=6e-4)
    parser.add_argument("--save-every", type=int, default=5000)
    parser.add_argument("--out", default="out/gpt")
    parser.add_argument("--resume", default=None)
    args = parser.parse_args()
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing_policy={Block},
        state_dict_type="sharded",
        sequential_save=True,
    )
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=strategy, precision="bf16-true")
    fabric.launch(train, args)
