# expect: none
# oracle: OK
# twin: s1088_dcgan_example_fixed_noise_sampled_in_parent
"""DCGAN - Accelerated with Lightning Fabric, on a TPU VM with XLA FSDP.

Follows examples/fabric/dcgan/train_fabric.py (itself the PyTorch DCGAN tutorial): Generator/Discriminator,
`weights_init`, BCE loss, the D-then-G update and the `fixed_noise` grid rendered every few iterations. The port
samples the fixed noise in each core right after the common seed, so all of them render the same grid. CelebA is
replaced by random 32x32 images, so the nets have one up/down-sampling stage less (ngf = ndf = 8).
"""

import torch
import torch.nn as nn
import torch.optim as optim
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, TensorDataset

# Number of workers for dataloader
workers = 0
# Batch size during training
batch_size = 4
# Spatial size of training images
image_size = 32
# Number of channels in the training images. For color images this is 3
nc = 3
# Size of z latent vector (i.e. size of generator input)
nz = 16
# Size of feature maps in generator
ngf = 8
# Size of feature maps in discriminator
ndf = 8
# Number of training epochs
num_epochs = 1
# Learning rate for optimizers
lr = 0.0002
# Beta1 hyperparameter for Adam optimizers
beta1 = 0.5
# Number of TPU cores
num_devices = 8


def sample_noise(fabric, n):
    """Latent vectors for the generator, on the device of this process."""
    return torch.randn(n, nz, 1, 1, device=fabric.device)


def main(fabric):
    fabric.seed_everything(999)

    dataset = TensorDataset(torch.rand(4, nc, image_size, image_size) * 2 - 1)
    dataloader = DataLoader(dataset, batch_size=batch_size, shuffle=True, num_workers=workers)

    # Create the generator and the discriminator, and apply the weights_init
    # function to randomly initialize all weights to mean=0, stdev=0.2.
    generator = Generator()
    generator.apply(weights_init)
    discriminator = Discriminator()
    discriminator.apply(weights_init)

    # Initialize BCELoss function
    criterion = nn.BCELoss()

    # Create batch of latent vectors that we will use to visualize
    # the progression of the generator (the same grid on every core: same seed)
    fixed_noise = sample_noise(fabric, 16)

    # Establish convention for real and fake labels during training
    real_label = 1.0
    fake_label = 0.0

    # XLA FSDP: each net is set up on its own, then its optimizer is built from the sharded parameters
    discriminator = fabric.setup_module(discriminator)
    optimizerD = fabric.setup_optimizers(optim.Adam(discriminator.parameters(), lr=lr, betas=(beta1, 0.999)))
    generator = fabric.setup_module(generator)
    optimizerG = fabric.setup_optimizers(optim.Adam(generator.parameters(), lr=lr, betas=(beta1, 0.999)))
    dataloader = fabric.setup_dataloaders(dataloader)

    # Training Loop
    iters = 0
    fabric.print("Starting Training Loop...")
    for epoch in range(num_epochs):
        for i, data in enumerate(dataloader, 0):
            ############################
            # (1) Update D network: maximize log(D(x)) + log(1 - D(G(z)))
            ###########################
            # Train with all-real batch
            discriminator.zero_grad()
            real = data[0]
            b_size = real.size(0)
            label = torch.full((b_size,), real_label, dtype=torch.float, device=fabric.device)
            output = discriminator(real).view(-1)
            errD_real = criterion(output, label)
            fabric.backward(errD_real)
            D_x = output.mean().item()

            # Train with all-fake batch
            noise = sample_noise(fabric, b_size)
            fake = generator(noise)
            label.fill_(fake_label)
            output = discriminator(fake.detach()).view(-1)
            errD_fake = criterion(output, label)
            fabric.backward(errD_fake)
            D_G_z1 = output.mean().item()
            errD = errD_real + errD_fake
            optimizerD.step()

            ############################
            # (2) Update G network: maximize log(D(G(z)))
            ###########################
            generator.zero_grad()
            label.fill_(real_label)
            output = discriminator(fake).view(-1)
            errG = criterion(output, label)
            fabric.backward(errG)
            D_G_z2 = output.mean().item()
            optimizerG.step()

            fabric.print(
                f"[{epoch}/{num_epochs}][{i}/{len(dataloader)}]\t"
                f"Loss_D: {errD.item():.4f}\tLoss_G: {errG.item():.4f}\t"
                f"D(x): {D_x:.4f}\tD(G(z)): {D_G_z1:.4f} / {D_G_z2:.4f}"
            )

            # Check how the generator is doing by saving G's output on fixed_noise
            if (iters % 2 == 0) or ((epoch == num_epochs - 1) and (i == len(dataloader) - 1)):
                with torch.no_grad():
                    fake = generator(fixed_noise).detach().cpu()
                fabric.print(f"fixed-noise grid: {tuple(fake.shape)}")
                fabric.barrier()

            iters += 1


def weights_init(m):
    # custom weights initialization called on netG and netD
    classname = m.__class__.__name__
    if classname.find("Conv") != -1:
        nn.init.normal_(m.weight.data, 0.0, 0.02)
    elif classname.find("BatchNorm") != -1:
        nn.init.normal_(m.weight.data, 1.0, 0.02)
        nn.init.constant_(m.bias.data, 0)


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            # input is Z, going into a convolution
            nn.ConvTranspose2d(nz, ngf * 8, 4, 1, 0, bias=False),
            nn.BatchNorm2d(ngf * 8),
            nn.ReLU(True),
            # state size. (ngf*8) x 4 x 4
            nn.ConvTranspose2d(ngf * 8, ngf * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ngf * 4),
            nn.ReLU(True),
            # state size. (ngf*4) x 8 x 8
            nn.ConvTranspose2d(ngf * 4, ngf * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ngf * 2),
            nn.ReLU(True),
            # state size. (ngf*2) x 16 x 16
            nn.ConvTranspose2d(ngf * 2, nc, 4, 2, 1, bias=False),
            nn.Tanh(),
            # state size. (nc) x 32 x 32
        )

    def forward(self, input):
        return self.main(input)


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            # input is (nc) x 32 x 32
            nn.Conv2d(nc, ndf * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 2),
            nn.LeakyReLU(0.2, inplace=True),
            # state size. (ndf*2) x 16 x 16
            nn.Conv2d(ndf * 2, ndf * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 4),
            nn.LeakyReLU(0.2, inplace=True),
            # state size. (ndf*4) x 8 x 8
            nn.Conv2d(ndf * 4, ndf * 8, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 8),
            nn.LeakyReLU(0.2, inplace=True),
            # state size. (ndf*8) x 4 x 4
            nn.Conv2d(ndf * 8, 1, 4, 1, 0, bias=False),
            nn.Sigmoid(),
        )

    def forward(self, input):
        return self.main(input)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices=num_devices, strategy=XLAFSDPStrategy())
    fabric.launch(main)
