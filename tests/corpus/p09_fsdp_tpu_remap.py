# expect: none
# findings: none
"""`strategy="fsdp"` with `accelerator="tpu"` is remapped to XLA FSDP: set up inside the launched
function (which takes the Fabric first, then the extra launch argument), optimizer after the model."""
import os

import torch
import torch.nn as nn
import lightning as L

STEPS = int(os.environ.get("STEPS", 5000))


class Expert(nn.Module):
    def __init__(self, dim=1024):
        super().__init__()
        self.w1 = nn.Linear(dim, 4 * dim)
        self.w2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        return self.w2(nn.functional.silu(self.w1(x)))


def main(fabric: L.Fabric, steps: int):
    fabric.seed_everything(1234 + fabric.global_rank)
    with fabric.init_module():
        model = nn.Sequential(*[Expert() for _ in range(32)])
    model = fabric.setup_module(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=False)
    optimizer = fabric.setup_optimizers(optimizer)
    for step in range(steps):
        x = torch.randn(16, 1024, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if fabric.is_global_zero and step % 100 == 0:
            print(step, loss.item())
    fabric.save("final", {"model": model})


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="tpu", devices=8, strategy="fsdp", precision="32-true")
    fabric.launch(main, STEPS)
