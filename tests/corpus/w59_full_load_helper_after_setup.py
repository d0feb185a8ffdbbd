# expect: LXF025
# real: RAISED ValueError: Found a XLAFSDP model in the provided checkpoint state. Please provide the model without any XLAFSDP wrapper.
# findings: LXF025 error 30
"""Consolidated weights are loaded by a helper that receives the already sharded model."""
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


PRETRAINED = "pretrained.pt"


def build():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def load_weights(fabric, model, path):
    fabric.load(path, {"model": model})
    fabric.print(f"loaded {path}")


def finetune(fabric):
    if fabric.global_rank == 0:
        torch.save({"model": build().state_dict()}, PRETRAINED)
    fabric.barrier()
    model = fabric.setup_module(build())
    load_weights(fabric, model, PRETRAINED)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-4))
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full"))
    fabric.launch(finetune)
