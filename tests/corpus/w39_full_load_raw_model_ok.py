# expect: none
# real: OK
# findings: none
"""Fine-tune from a consolidated checkpoint, loaded into the raw model before it is sharded."""
import torch
import torch.nn.functional as F
from torch import nn

import lightning as L
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


def load_pretrained(fabric, path):
    model = build_model()
    fabric.load(path, {"model": model})
    return model


def finetune(fabric):
    if fabric.global_rank == 0:
        torch.save({"model": build_model().state_dict()}, PRETRAINED)
    fabric.barrier()
    model = fabric.setup_module(load_pretrained(fabric, PRETRAINED))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-4))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full"))
    fabric.launch(finetune)
