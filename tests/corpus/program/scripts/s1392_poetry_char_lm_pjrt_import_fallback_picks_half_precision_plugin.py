# expect: LXF008
# oracle: RAISED TypeError: The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found <lightning.fabric.plugins.precision.half.HalfP
"""Character-level poetry LM (2-layer GRU) first written for TPU-VM images of 2022; hardware detection still uses `try/except ImportError`."""
import os
import string

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins.precision import HalfPrecision, XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

try:
    import torch_xla.core.xla_model as xm  # noqa: F401
    from torch_xla.experimental import pjrt

    ON_TPU = pjrt.using_pjrt()
except ImportError:
    ON_TPU = False

VOCAB = string.ascii_lowercase + " \n,."
STOI = {c: i for i, c in enumerate(VOCAB)}
CORPUS = (
    "shall i compare thee to a summers day\nthou art more lovely and more temperate,\n"
    "rough winds do shake the darling buds of may,\nand summers lease hath all too short a date.\n"
) * 4


def encode(text):
    return torch.tensor([STOI[c] for c in text if c in STOI], dtype=torch.long)


class CharGRU(nn.Module):
    def __init__(self, vocab=len(VOCAB), dim=48):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, num_layers=2, batch_first=True)
        self.out = nn.Linear(dim, vocab)

    def forward(self, idx):
        h, _ = self.rnn(self.emb(idx))
        return self.out(h)


def precision_plugin():
    # full precision on TPU for now (bf16 diverged), fp16 weights on the small GPUs
    return XLAPrecision("32-true") if ON_TPU else HalfPrecision("16-true")


def batches(data, block, batch, device):
    ix = torch.randint(0, len(data) - block - 1, (batch,))
    x = torch.stack([data[i : i + block] for i in ix])
    y = torch.stack([data[i + 1 : i + block + 1] for i in ix])
    return x.to(device), y.to(device)


def train(fabric, steps=3):
    data = encode(CORPUS)
    model = fabric.setup_module(CharGRU())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=3e-3))
    for step in range(steps):
        x, y = batches(data, 32, 8, fabric.device)
        logits = model(x)
        loss = F.cross_entropy(logits.float().reshape(-1, logits.size(-1)), y.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.3f}")


if __name__ == "__main__":
    os.environ.setdefault("XLA_USE_SPMD", "0")
    strategy = XLAFSDPStrategy(precision=precision_plugin(), auto_wrap_policy={nn.GRU})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
