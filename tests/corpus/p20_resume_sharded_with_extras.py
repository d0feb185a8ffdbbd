# expect: none
# findings: none
"""Resumable XLA FSDP training with extra state (step, tokens seen) next to the set-up model and
optimizer: the state dict is filled in place by `fabric.load`, non-strict for keys an older run lacks."""
import os

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CKPT = os.environ.get("CKPT", "/mnt/ckpt/lm")


class LM(nn.Module):
    def __init__(self, vocab=32000, dim=768, layers=12):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        layer = nn.TransformerEncoderLayer(dim, 12, 3072, batch_first=True, norm_first=True)
        self.body = nn.TransformerEncoder(layer, layers)
        self.out = nn.Linear(dim, vocab)

    def forward(self, ids):
        return self.out(self.body(self.emb(ids)))


def main(fabric):
    model = fabric.setup_module(LM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    state = {"model": model, "optimizer": optimizer, "step": 0, "tokens_seen": 0}
    saved = sorted(d for d in os.listdir(CKPT) if d.startswith("step-")) if os.path.isdir(CKPT) else []
    if saved:
        fabric.load(os.path.join(CKPT, saved[-1]), state, strict=False)
    while state["step"] < 100_000:
        for group in optimizer.param_groups:  # warm-up from the restored step, no scheduler object to restore
            group["lr"] = 3e-4 * min(1.0, (state["step"] + 1) / 2000)
        ids = torch.randint(0, 32000, (8, 1025), device=fabric.device)
        loss = nn.functional.cross_entropy(model(ids[:, :-1]).flatten(0, 1), ids[:, 1:].flatten())
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] += 1
        state["tokens_seen"] += ids.numel() * fabric.world_size
        if state["step"] % 2500 == 0:
            fabric.save(os.path.join(CKPT, f"step-{state['step']:07d}"), state)  # a sharded save needs a fresh folder


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded")).launch(main)
