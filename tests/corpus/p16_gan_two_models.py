# expect: none
# findings: none
"""A GAN under XLA FSDP: two models, each set up on its own with its optimizer created afterwards,
and each saved to its own checkpoint (one XLA FSDP model per checkpoint)."""
import os

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

Z = 128


def generator():
    return nn.Sequential(nn.Linear(Z, 1024), nn.ReLU(), nn.Linear(1024, 4096), nn.ReLU(), nn.Linear(4096, 784), nn.Tanh())


def discriminator():
    return nn.Sequential(nn.Linear(784, 4096), nn.LeakyReLU(0.2), nn.Linear(4096, 1024), nn.LeakyReLU(0.2),
                         nn.Linear(1024, 1))


def train(fabric, out="ckpt/gan", steps=20_000):
    gen = fabric.setup_module(generator())
    disc = fabric.setup_module(discriminator())
    opt_g = fabric.setup_optimizers(torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.5, 0.999)))
    opt_d = fabric.setup_optimizers(torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.5, 0.999)))
    bce = nn.BCEWithLogitsLoss()
    for step in range(steps):
        real = torch.rand(256, 784, device=fabric.device) * 2 - 1
        fake = gen(torch.randn(256, Z, device=fabric.device))
        d_loss = bce(disc(real), torch.ones(256, 1, device=fabric.device)) + \
            bce(disc(fake.detach()), torch.zeros(256, 1, device=fabric.device))
        fabric.backward(d_loss)
        opt_d.step()
        opt_d.zero_grad()
        g_loss = bce(disc(fake), torch.ones(256, 1, device=fabric.device))
        fabric.backward(g_loss)
        opt_g.step()
        opt_g.zero_grad()
        if (step + 1) % 5000 == 0:
            fabric.save(os.path.join(out, f"gen-{step + 1}"), {"model": gen, "optimizer": opt_g, "step": step})
            fabric.save(os.path.join(out, f"disc-{step + 1}"), {"model": disc, "optimizer": opt_d})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"), precision="bf16-true")
    fabric.launch(train)
