# expect: LXF016
# real: RAISED TypeError: To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the
# findings: LXF016 error 23
"""The strategy is given by its registry name; the script launches the DDP way, without a function."""
import torch
import torch.nn.functional as F
from torch import nn

import lightning as L


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def main():
    fabric = L.Fabric(accelerator="tpu", strategy="xla_fsdp")
    fabric.launch()
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


# The same script runs on a single TPU host or a pod slice; nothing below depends on the host count.
# Launching spawns one process per TPU core; each runs the function given to `launch`.
# Checkpoints, if any, are written by every process (sharded) into the working directory.
# Logging goes through `fabric.print`, which prints on rank 0 only.
# Tune the batch size to the TPU generation; the toy sizes here keep the run short.
# Run with: python this_script.py
# Keep the model definition importable: the workers re-import this module.
if __name__ == "__main__":
    main()
