# expect: none
# real: OK
# findings: none
"""Shared launcher used on TPU and on GPU boxes. On a TPU host torch_xla is importable, so the
sharded path with a set policy is used; the fallback serves the GPU machines (CUDA FSDP takes a list
of classes in its `activation_checkpointing` argument)."""
import torch
import torch.nn.functional as F
from torch import nn

import lightning as L


class Residual(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.body(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(8, 32), Residual(), Residual(), nn.Linear(32, 3))

    def forward(self, x):
        return self.layers(x)


try:
    import torch_xla  # noqa: F401
    from lightning.fabric.strategies import XLAFSDPStrategy

    strategy = XLAFSDPStrategy(auto_wrap_policy={Residual}, activation_checkpointing_policy={Residual})
    accelerator = "tpu"
except ImportError:
    from lightning.fabric.strategies import FSDPStrategy

    strategy = FSDPStrategy(activation_checkpointing=[Residual])
    accelerator = "cuda"


def step_loop(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters()))
    for i in range(2):
        x = torch.randn(16, 8, device=fabric.device)
        y = torch.randint(0, 3, (16,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"[{i}] {loss.item():.3f}")


if __name__ == "__main__":
    fabric = L.Fabric(accelerator=accelerator, strategy=strategy)
    fabric.launch(step_loop)
