# expect: LXF019
# findings: LXF019 error 47, LXF019 error 48
"""Builds the evaluation tensors on `fabric.device` before launching: the XLA device is not there
yet in the parent process ("Accessing the XLA device before processes have spawned is not allowed.").
"""
import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class MLP(nn.Module):
    def __init__(self, sizes=(784, 2048, 2048, 10)):
        super().__init__()
        layers = []
        for a, b in zip(sizes, sizes[1:]):
            layers += [nn.Linear(a, b), nn.ReLU()]
        self.net = nn.Sequential(*layers[:-1])

    def forward(self, x):
        return self.net(x.flatten(1))


def evaluate(model, x, y):
    model.eval()
    with torch.no_grad():
        acc = (model(x).argmax(-1) == y).float().mean()
    model.train()
    return acc.item()


def run(fabric, eval_x, eval_y):
    model = fabric.setup_module(MLP())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(3000):
        x = torch.randn(256, 1, 28, 28, device=fabric.device)
        y = torch.randint(0, 10, (256,), device=fabric.device)
        loss = nn.functional.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % 1000 == 0:
            fabric.print(f"step {step}: acc {evaluate(model, eval_x, eval_y):.3f}")


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
eval_x = torch.randn(1024, 1, 28, 28, device=fabric.device)
eval_y = torch.randint(0, 10, (1024,), device=fabric.device)
fabric.launch(run, eval_x, eval_y)
