# expect: none
# oracle: OK
# twin: s1050_collate_partial_binds_fabric_device_before_launch
"""Toxic-comment tagger over variable-length token lists; the DataLoader's collate function is a `functools.partial` that pads and moves each batch to the Fabric's device."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader


def synthetic_comments(n=64, vocab=300, seed=0):
    g = torch.Generator().manual_seed(seed)
    lengths = torch.randint(4, 20, (n,), generator=g)
    return [(torch.randint(1, vocab, (int(k),), generator=g), int(torch.randint(0, 2, (1,), generator=g))) for k in lengths]


def pad_collate(samples, pad_id, device):
    tokens = nn.utils.rnn.pad_sequence([s[0] for s in samples], batch_first=True, padding_value=pad_id)
    labels = torch.tensor([s[1] for s in samples], dtype=torch.float)
    return tokens.to(device), labels.to(device)


def build_loader(fabric, batch_size=8):
    collate = functools.partial(pad_collate, pad_id=0, device=fabric.device)
    return DataLoader(synthetic_comments(), batch_size=batch_size, shuffle=True, collate_fn=collate)


class BagTagger(nn.Module):
    def __init__(self, vocab=300, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.score = nn.Linear(dim, 1)

    def forward(self, tokens):
        mask = (tokens != 0).unsqueeze(-1).float()
        pooled = (self.embed(tokens) * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.score(pooled).squeeze(-1)


def train(fabric, max_steps=3):
    loader = build_loader(fabric)
    model = fabric.setup_module(BagTagger())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-2))
    for step, (tokens, labels) in enumerate(loader):
        if step == max_steps:
            break
        loss = F.binary_cross_entropy_with_logits(model(tokens), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
