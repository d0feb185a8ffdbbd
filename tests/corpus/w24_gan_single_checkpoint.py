# expect: LXF024
# real: RAISED ValueError: Found multiple XLAFSDP modules in the given state. Saving checkpoints with FSDP is currently limited to a single model p
# findings: LXF024 error 42
"""A small GAN; both networks are written to one checkpoint by a save helper on the trainer."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

Z = 8


class GANTrainer:
    def __init__(self, fabric):
        self.fabric = fabric

    def setup(self):
        self.generator = self.fabric.setup_module(nn.Sequential(nn.Linear(Z, 16), nn.ReLU(), nn.Linear(16, 4)))
        self.discriminator = self.fabric.setup_module(nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1)))
        self.opt_g = self.fabric.setup_optimizers(torch.optim.Adam(self.generator.parameters(), lr=2e-4))
        self.opt_d = self.fabric.setup_optimizers(torch.optim.Adam(self.discriminator.parameters(), lr=2e-4))

    def step(self):
        real = torch.randn(4, 4, device=self.fabric.device)
        fake = self.generator(torch.randn(4, Z, device=self.fabric.device))
        ones = torch.ones(4, 1, device=self.fabric.device)
        d_loss = F.binary_cross_entropy_with_logits(self.discriminator(real), ones) + \
            F.binary_cross_entropy_with_logits(self.discriminator(fake.detach()), 1 - ones)
        self.fabric.backward(d_loss)
        self.opt_d.step()
        self.opt_d.zero_grad()
        g_loss = F.binary_cross_entropy_with_logits(self.discriminator(fake), ones)
        self.fabric.backward(g_loss)
        self.opt_g.step()
        self.opt_g.zero_grad()

    def save(self, path):
        state = {
            "generator": self.generator,
            "discriminator": self.discriminator,
            "opt_g": self.opt_g,
            "opt_d": self.opt_d,
        }
        self.fabric.save(path, state)


def main(fabric):
    trainer = GANTrainer(fabric)
    trainer.setup()
    trainer.step()
    trainer.save("gan-ckpt")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main)
