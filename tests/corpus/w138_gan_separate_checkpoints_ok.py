# expect: none
# real: OK
# findings: none
"""A GAN with two models and two optimizers; each model is saved with its optimizer to its own path."""
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
    generator = fabric.setup_module(make_model())
    discriminator = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 1)))
    opt_g = fabric.setup_optimizers(torch.optim.Adam(generator.parameters(), lr=2e-4))
    opt_d = fabric.setup_optimizers(torch.optim.Adam(discriminator.parameters(), lr=2e-4))
    z = torch.randn(2, 4, device=fabric.device)
    loss_d = discriminator(generator(z).detach()).mean()
    fabric.backward(loss_d)
    opt_d.step()
    loss_g = -discriminator(generator(z)).mean()
    fabric.backward(loss_g)
    opt_g.step()
    for name, model, opt in (("gen", generator, opt_g), ("disc", discriminator, opt_d)):
        fabric.save(f"ckpt-{name}", {"model": model, "optimizer": opt})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
