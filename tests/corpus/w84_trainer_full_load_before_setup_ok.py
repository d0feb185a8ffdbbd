# expect: none
# real: OK
# findings: none
"""A Trainer loads consolidated weights into its raw model, then sets it up (full checkpoints)."""
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


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


PRETRAINED = "pretrained.pt"


class Trainer:
    def __init__(self, fabric):
        self.fabric = fabric
        self.model = nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))

    def warm_start(self, path):
        self.fabric.load(path, {"model": self.model})

    def fit(self):
        self.model = self.fabric.setup_module(self.model)
        optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=1e-4))
        step(self.fabric, self.model, optimizer)


def main(fabric):
    if fabric.global_rank == 0:
        torch.save({"model": nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)).state_dict()}, PRETRAINED)
    fabric.barrier()
    trainer = Trainer(fabric)
    trainer.warm_start(PRETRAINED)
    trainer.fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full"))
    fabric.launch(main)
