# expect: none
# oracle: OK
# twin: s336_step_default_clipper_clips_by_value
"""python train.py: a small classifier on a TPU pod, which clips by norm; `pytest train.py` runs the step helpers
on CPU with their default clipper."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CLIP = 1.0


class Net(nn.Module):
    def __init__(self, dim: int = 32, classes: int = 4):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, classes)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def clip_by_norm(fabric, model, optimizer):
    fabric.clip_gradients(model, optimizer, max_norm=CLIP)


def clip_by_value(fabric, model, optimizer):
    # the single-device CPU test clips by value, as the original DDP recipe did
    fabric.clip_gradients(model, optimizer, clip_val=CLIP)


def step(fabric, model, optimizer, batch, clip=clip_by_value):
    x, y = batch
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    clip(fabric, model, optimizer)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    batch = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
    for _ in range(2):
        step(fabric, model, optimizer, batch, clip=clip_by_norm)  # XLA FSDP clips by norm only


def test_step_on_cpu():
    fabric = Fabric(accelerator="cpu", devices=1)
    net = Net()
    model, optimizer = fabric.setup(net, torch.optim.SGD(net.parameters(), lr=0.1))
    batch = torch.randn(4, 32), torch.randint(0, 4, (4,))
    assert step(fabric, model, optimizer, batch).item() > 0


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"), precision="bf16-true")
    fabric.launch(train)
