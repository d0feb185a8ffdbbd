# expect: none
# findings: none
"""Export and reload a full (consolidated) XLA FSDP checkpoint: a full checkpoint loads into the raw
model before `setup_module`, and the state holds the set-up model when saving."""
import argparse

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Tagger(nn.Module):
    def __init__(self, vocab=30000, dim=384, tags=17):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.lstm = nn.LSTM(dim, dim, num_layers=2, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * dim, tags)

    def forward(self, tokens):
        return self.out(self.lstm(self.embed(tokens))[0])


def finetune(fabric, args):
    model = Tagger()
    if args.init:
        fabric.load(args.init, {"model": model})  # full checkpoint: into the raw model, before setup
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        tokens = torch.randint(0, 30000, (32, 64), device=fabric.device)
        tags = torch.randint(0, 17, (32, 64), device=fabric.device)
        loss = nn.functional.cross_entropy(model(tokens).transpose(1, 2), tags)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=0.5)
        optimizer.step()
        optimizer.zero_grad()
    fabric.save(args.out, {"model": model})


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--init", default=None)
    parser.add_argument("--out", default="tagger-full.ckpt")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--lr", type=float, default=5e-4)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="full"), precision="bf16-true")
    fabric.launch(finetune, args)
