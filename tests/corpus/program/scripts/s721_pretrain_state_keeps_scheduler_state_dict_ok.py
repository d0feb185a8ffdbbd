# expect: none
# oracle: OK
# twin: s720_pretrain_state_keeps_cosine_scheduler_object
"""python pretrain.py: a GPT-style pretraining loop ported from CUDA FSDP; its checkpoint state keeps the cosine scheduler's state dict."""
import math
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

OUT_DIR = os.path.join("out", "pretrain")
MAX_ITERS = 2


class Block(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class TinyGPT(nn.Module):
    def __init__(self, vocab: int = 64, dim: int = 32, layers: int = 2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim) for _ in range(layers))
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        x = self.embed(idx)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def main(fabric):
    model = fabric.setup_module(TinyGPT())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=6e-4, weight_decay=0.1))
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda it: 0.5 * (1 + math.cos(math.pi * it / MAX_ITERS)))
    state = {"model": model, "optimizer": optimizer, "iter_num": 0}
    for iter_num in range(MAX_ITERS):
        idx = torch.randint(0, 64, (4, 16), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, 64), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        scheduler.step()
        state["iter_num"] = iter_num + 1
    state["scheduler"] = scheduler.state_dict()
    fabric.save(os.path.join(OUT_DIR, f"iter-{MAX_ITERS:06d}"), state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(main)
