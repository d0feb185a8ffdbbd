# expect: LXF013
# real: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
# findings: LXF013 error 31
"""A builder returns the model and its optimizer; the training function shards the model afterwards."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def build(lr=1e-3):
    model = nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    return model, optimizer


def train(fabric):
    model, optimizer = build()
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()


# The same script runs on a single TPU host or a pod slice; nothing below depends on the host count.
# Launching spawns one process per TPU core; each runs the function given to `launch`.
if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
