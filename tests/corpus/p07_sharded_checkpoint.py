# expect: none
# findings: none
"""Sharded checkpoints under XLA FSDP: save the set-up model and optimizer, resume into the same
objects, and consolidate a full checkpoint for export with a raw model before setup."""
import argparse
import os

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Seq2Seq(nn.Module):
    def __init__(self, vocab=16000, dim=512):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.transformer = nn.Transformer(dim, 8, 6, 6, 2048, batch_first=True)
        self.proj = nn.Linear(dim, vocab)

    def forward(self, src, tgt):
        return self.proj(self.transformer(self.embed(src), self.embed(tgt)))


def train(fabric, args):
    model = fabric.setup_module(Seq2Seq())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    state = {"model": model, "optimizer": optimizer, "step": 0, "best": float("inf")}
    if args.resume and os.path.isdir(args.resume):
        remainder = fabric.load(args.resume, state)
        fabric.print(f"resumed at step {state['step']}, unused keys: {list(remainder)}")
    for step in range(state["step"], args.steps):
        src = torch.randint(0, 16000, (16, 128), device=fabric.device)
        tgt = torch.randint(0, 16000, (16, 129), device=fabric.device)
        logits = model(src, tgt[:, :-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, 16000), tgt[:, 1:].reshape(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] = step + 1
        state["best"] = min(state["best"], loss.item())
        if (step + 1) % args.save_every == 0:
            fabric.save(os.path.join(args.out, f"step-{step + 1}"), state)
            fabric.barrier()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--save-every", type=int, default=2000)
    parser.add_argument("--out", default="/mnt/disks/ckpt/seq2seq")
    parser.add_argument("--resume", default=None)
    args = parser.parse_args()
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(state_dict_type="sharded", sequential_save=True),
        precision="bf16-true",
    )
    fabric.launch(train, args)
