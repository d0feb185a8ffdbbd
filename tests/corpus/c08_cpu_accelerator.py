# expect: FSDP008
# real: RAISED ValueError: You selected the FSDP strategy but FSDP is only available on GPU. Set `Fabric(accelerator='gpu', ...)` to continue or se
# findings: FSDP008 error 42
"""A CPU smoke test of an FSDP training script, run in CI before the GPU job. FSDP in Lightning
Fabric runs only on CUDA GPUs: the `Fabric` constructor refuses `accelerator="cpu"`."""
import os

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from torch.utils.data import DataLoader, TensorDataset


class TinyLM(nn.Module):
    def __init__(self, vocab=1000, dim=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, vocab)

    def forward(self, tokens):
        hidden, _ = self.rnn(self.embed(tokens))
        return self.out(hidden)


def train(fabric, steps):
    data = TensorDataset(torch.randint(0, 1000, (256, 33)))
    loader = fabric.setup_dataloaders(DataLoader(data, batch_size=8))
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step, (batch,) in enumerate(loader):
        logits = model(batch[:, :-1])
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), batch[:, 1:].flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step == steps:
            break


if __name__ == "__main__":
    fabric = Fabric(accelerator="cpu", devices=2, strategy="fsdp")
    fabric.launch()
    train(fabric, steps=int(os.environ.get("SMOKE_STEPS", "5")))
