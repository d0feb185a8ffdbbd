# expect: FSDP006
# real: needs CUDA GPUs, not run; from the source, the raise confirmed by a CPU call of the same lightning 2.6.6 code: RAISED ValueError: `precision='64-true')` is not supported in FSDP. `precision` must be one of: ('32-true', '16-true', 'bf16-true', '16-mixed', 'bf16-mixed').
# findings: FSDP006 error 28
"""Debug a loss spike in float64. The FSDP precision plugin has no 64-bit mode: `Fabric` fails
while it builds `FSDPPrecision` for the strategy."""
import torch
import torch.nn as nn
import lightning as L


class Regressor(nn.Module):
    def __init__(self, features=256):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(features, 1024), nn.Tanh(), nn.Linear(1024, 1024), nn.Tanh(), nn.Linear(1024, 1)
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


def make_batch(fabric, n=512, features=256):
    x = torch.randn(n, features, device=fabric.device, dtype=torch.float64)
    return x, x.sin().sum(-1)


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="fsdp", precision="64-true")
    fabric.launch()
    model = fabric.setup_module(Regressor())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(500):
        x, y = make_batch(fabric)
        loss = nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % 50 == 0:
            fabric.print(step, loss.item())


if __name__ == "__main__":
    main()
