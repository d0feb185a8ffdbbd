# expect: none
# oracle: OK
# twin: s1232_protein_family_make_step_closure_captures_unwrapped_net
"""Protein-family classification from one-hot residue windows with gradient accumulation; `make_step(fabric, model, optimizer)` returns the closure that runs one optimizer step over its micro-batches."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

RESIDUES, WINDOW, FAMILIES = 20, 30, 6


class ResidueCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(RESIDUES, 32, kernel_size=7, padding=3), nn.ReLU(), nn.AdaptiveMaxPool1d(1)
        )
        self.classify = nn.Linear(32, FAMILIES)

    def forward(self, x):
        return self.classify(self.features(x).flatten(1))


def make_step(fabric, model, optimizer):
    def step(micro_batches):
        total = 0.0
        for i, (x, y) in enumerate(micro_batches):
            last = i == len(micro_batches) - 1
            with fabric.no_backward_sync(model, enabled=not last):
                loss = F.cross_entropy(model(x), y) / len(micro_batches)
                fabric.backward(loss)
            total += loss.item()
        optimizer.step()
        optimizer.zero_grad()
        return total

    return step


def random_windows(fabric, n=8):
    idx = torch.randint(0, RESIDUES, (n, WINDOW))
    x = F.one_hot(idx, RESIDUES).permute(0, 2, 1).float().to(fabric.device)
    return x, torch.randint(0, FAMILIES, (n,), device=fabric.device)


def train(fabric, updates=2, accumulate=2):
    net = ResidueCNN()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    step = make_step(fabric, model, optimizer)
    for update in range(updates):
        loss = step([random_windows(fabric) for _ in range(accumulate)])
        fabric.print(f"update {update}: loss {loss:.4f}")


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
