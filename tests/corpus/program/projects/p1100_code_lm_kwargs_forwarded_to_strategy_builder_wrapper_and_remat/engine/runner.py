"""Runs the next-byte prediction loop under XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from engine.strategy import build_strategy
from model import TinyCoder

SNIPPET = b"def add(a, b):\n    return a + b\n\nfor i in range(10):\n    print(add(i, i * 2))\n"


def batches(n: int, seq_len: int, steps: int):
    data = torch.tensor(list(SNIPPET * 8), dtype=torch.long)
    for _ in range(steps):
        start = torch.randint(0, data.numel() - seq_len - 1, (n,))
        window = torch.stack([data[s : s + seq_len + 1] for s in start.tolist()])
        yield window[:, :-1], window[:, 1:]


def _worker(fabric, steps, lr, seq_len):
    model = fabric.setup_module(TinyCoder(seq_len=seq_len))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.1))
    for step, (x, y) in enumerate(batches(8, seq_len, steps)):
        logits = model(x.to(fabric.device))
        loss = F.cross_entropy(logits.flatten(0, 1), y.to(fabric.device).flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def fit(*, steps, lr, seq_len=64, **strategy_kwargs):
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(**strategy_kwargs))
    fabric.launch(_worker, steps, lr, seq_len)
