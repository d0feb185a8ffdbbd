# expect: none
# oracle: OK
# twin: s82_two_fabrics_probe_batch_on_tpu_fabric_before_launch
"""python script.py: a host Fabric for the CPU-side work, a pod Fabric for training; a fixed probe batch is
built before the processes start and scored after every step."""
import lightning.fabric as lf
import torch
import torch.nn.functional as F
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def probe_batch(fabric, n=8, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 32, generator=g)
    y = torch.randint(0, 4, (n,), generator=g)
    return fabric.to_device((x, y))


def train(fabric, probe, steps=2):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    px, py = fabric.to_device(probe)
    for step in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()
        with torch.no_grad():
            fabric.print(f"step {step} probe loss {F.cross_entropy(model(px), py).item():.3f}")


if __name__ == "__main__":
    host = lf.Fabric(accelerator="cpu", devices=1)
    pod = lf.Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    probe = probe_batch(host)
    pod.launch(train, probe)
