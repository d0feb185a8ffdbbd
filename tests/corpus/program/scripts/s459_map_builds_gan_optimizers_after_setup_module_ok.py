# expect: none
# oracle: OK
# twin: s458_map_builds_gan_optimizers_before_setup_module
"""python train.py: a GAN's two models set up with `map(fabric.setup_module, ...)`, their optimizers made by `map` over the raw models first."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def make_adam(module):
    return torch.optim.Adam(module.parameters(), lr=2e-4, betas=(0.5, 0.999))


def main(fabric, steps=2):
    raw_generator, raw_critic = Net(), Net()
    generator, critic = map(fabric.setup_module, (raw_generator, raw_critic))
    optimizers = list(map(make_adam, (generator, critic)))
    opt_g, opt_c = fabric.setup_optimizers(*optimizers)
    for _ in range(steps):
        z = torch.randn(8, 32, device=fabric.device)
        loss_c = critic(z).mean() - critic(torch.randn(8, 32, device=fabric.device)).mean()
        fabric.backward(loss_c)
        opt_c.step()
        opt_c.zero_grad()
        loss_g = -generator(z).mean()
        fabric.backward(loss_g)
        opt_g.step()
        opt_g.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
