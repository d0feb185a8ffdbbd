# expect: LXF025
# real: RAISED ValueError: Found a XLAFSDP model in the provided checkpoint state. Please provide the model without any XLAFSDP wrapper.
# findings: LXF025 error 37
"""Fine-tune from a consolidated (full) checkpoint; the weights are loaded after the model is sharded."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

PRETRAINED = "pretrained.pt"


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def build_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def export_pretrained(path):
    torch.save({"model": build_model().state_dict()}, path)


def finetune(fabric):
    if fabric.global_rank == 0:
        export_pretrained(PRETRAINED)
    fabric.barrier()
    model = fabric.setup_module(build_model())
    fabric.load(PRETRAINED, {"model": model})
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-4))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full")
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(finetune)
