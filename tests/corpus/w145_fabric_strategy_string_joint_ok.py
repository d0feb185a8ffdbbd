# expect: none
# real: OK
# findings: none
"""Fabric with strategy="ddp" on the TPU (the XLA strategy): joint setup of model and optimizer is fine there."""
import lightning as L
import torch
import torch.nn.functional as F
from torch import nn

class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def train(fabric):
    model = make_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model, optimizer = fabric.setup(model, optimizer)
    for _ in range(2):
        step(fabric, model, optimizer)


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="tpu", strategy="xla")
    fabric.launch(train)
