# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
"""pytorch/examples dcgan/main.py, shrunk to 16x16 images, on TPU with Fabric + XLA FSDP; renders samples from the last saved generator."""
import argparse
import os
import tempfile

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

nz, ngf, ndf, nc = 16, 8, 8, 1


def weights_init(m):
    classname = m.__class__.__name__
    if classname.find("Conv") != -1:
        nn.init.normal_(m.weight, 0.0, 0.02)
    elif classname.find("BatchNorm") != -1:
        nn.init.normal_(m.weight, 1.0, 0.02)
        nn.init.zeros_(m.bias)


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.ConvTranspose2d(nz, ngf * 4, 4, 1, 0, bias=False), nn.BatchNorm2d(ngf * 4), nn.ReLU(True),
            nn.ConvTranspose2d(ngf * 4, ngf * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(ngf * 2), nn.ReLU(True),
            nn.ConvTranspose2d(ngf * 2, nc, 4, 2, 1, bias=False), nn.Tanh(),
        )

    def forward(self, z):
        return self.main(z)


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(nc, ndf, 4, 2, 1, bias=False), nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf, ndf * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(ndf * 2), nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf * 2, 1, 4, 1, 0, bias=False), nn.Sigmoid(),
        )

    def forward(self, x):
        return self.main(x).view(-1, 1).squeeze(1)


def render_samples(fabric, netG, ckpt_dir, noise):
    """The example's `--netG` option: restore the generator weights, then draw a grid of fakes."""
    fabric.load(ckpt_dir, netG)
    with torch.no_grad():
        fake = netG(noise)
    fabric.print(f"rendered {tuple(fake.shape)} samples from {os.path.basename(ckpt_dir)}")


def main(fabric, opt):
    netG = Generator()
    netG.apply(weights_init)
    netD = Discriminator()
    netD.apply(weights_init)
    netG, netD = fabric.setup_module(netG), fabric.setup_module(netD)
    optimizerD = fabric.setup_optimizers(torch.optim.Adam(netD.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999)))
    optimizerG = fabric.setup_optimizers(torch.optim.Adam(netG.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999)))
    criterion = nn.BCELoss()
    fixed_noise = torch.randn(opt.batchSize, nz, 1, 1, device=fabric.device)
    real_label, fake_label = 1.0, 0.0

    for epoch in range(opt.niter):
        for i in range(opt.iters):
            real = torch.rand(opt.batchSize, nc, 16, 16, device=fabric.device) * 2 - 1
            netD.zero_grad()
            label = torch.full((opt.batchSize,), real_label, device=fabric.device)
            errD_real = criterion(netD(real), label)
            fabric.backward(errD_real)
            noise = torch.randn(opt.batchSize, nz, 1, 1, device=fabric.device)
            fake = netG(noise)
            label.fill_(fake_label)
            errD_fake = criterion(netD(fake.detach()), label)
            fabric.backward(errD_fake)
            optimizerD.step()

            netG.zero_grad()
            label.fill_(real_label)
            errG = criterion(netD(fake), label)
            fabric.backward(errG)
            optimizerG.step()
            fabric.print(f"[{epoch}/{opt.niter}][{i}/{opt.iters}] Loss_D: {(errD_real + errD_fake).item():.4f} Loss_G: {errG.item():.4f}")

        fabric.save(os.path.join(opt.outf, f"netG_epoch_{epoch}"), {"model": netG})
        fabric.save(os.path.join(opt.outf, f"netD_epoch_{epoch}"), {"model": netD})

    render_samples(fabric, netG, os.path.join(opt.outf, f"netG_epoch_{opt.niter - 1}"), fixed_noise)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--batchSize", type=int, default=8)
    parser.add_argument("--niter", type=int, default=1)
    parser.add_argument("--iters", type=int, default=2)
    parser.add_argument("--lr", type=float, default=0.0002)
    parser.add_argument("--beta1", type=float, default=0.5)
    parser.add_argument("--outf", default=tempfile.mkdtemp(prefix="dcgan-"))
    opt = parser.parse_args([])
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main, opt)
