# expect: none
# oracle: OK
# twin: s1126_char_lm_auto_resume_latest_glob_returns_pathlib
"""Character-level language model with auto-resume: every run picks up from the newest `step-*` checkpoint in the run folder."""
import os
import re
import tempfile
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

TEXT = "the quick brown fox jumps over the lazy dog. " * 20
VOCAB = sorted(set(TEXT))
CONTEXT = 8


class MixerLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class CharLM(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.embed = nn.Embedding(len(VOCAB), dim)
        self.proj = nn.Linear(CONTEXT * dim, dim)
        self.layers = nn.Sequential(MixerLayer(dim), MixerLayer(dim))
        self.head = nn.Linear(dim, len(VOCAB))

    def forward(self, ctx):
        return self.head(self.layers(self.proj(self.embed(ctx).flatten(1))))


def batches(step, size=32):
    ids = torch.tensor([VOCAB.index(c) for c in TEXT])
    gen = torch.Generator().manual_seed(step)
    starts = torch.randint(0, len(ids) - CONTEXT - 1, (size,), generator=gen)
    ctx = torch.stack([ids[s:s + CONTEXT] for s in starts])
    return ctx, ids[starts + CONTEXT]


def find_latest(run_dir):
    """The newest `step-N` checkpoint in `run_dir`, or None on a first run."""
    candidates = [p for p in Path(run_dir).glob("step-*") if re.fullmatch(r"step-\d+", p.name)]
    if not candidates:
        return None
    return max(candidates, key=lambda p: int(p.name.split("-")[1]))


def train_session(fabric, run_dir, steps):
    model = fabric.setup_module(CharLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-3))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    latest = find_latest(run_dir)
    if latest is not None:
        fabric.load(str(latest), state)
        fabric.print(f"resumed from {latest.name}")
    start = state["step"]
    for step in range(start, start + steps):
        ctx, target = batches(step)
        loss = F.cross_entropy(model(ctx.to(fabric.device)), target.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    state["step"] = start + steps
    fabric.save(os.path.join(run_dir, f"step-{state['step']}"), state)
    return loss.item()


def main(fabric):
    run_dir = tempfile.mkdtemp(prefix="char-lm-")
    run_dir = fabric.broadcast(run_dir)
    for session in range(2):  # the second session stands for the job being restarted
        loss = train_session(fabric, run_dir, steps=2)
        fabric.print(f"session {session}: loss {loss:.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MixerLayer}))
    fabric.launch(main)
