# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# flagged-in: train_fabric.py
"""python train_fabric.py: Lightning's DCGAN example (adapted from the PyTorch DCGAN tutorial) moved to a TPU pod with XLA FSDP."""
import torch
import torch.nn as nn
import torch.optim as optim
from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy

from config import batch_size, beta1, image_size, lr, nc, num_batches, num_epochs, nz
from models import Discriminator, Generator, weights_init

# Establish convention for real and fake labels during training
real_label = 1.0
fake_label = 0.0


def fake_celeba():
    # stands in for the CelebA loader: images scaled to [-1, 1]
    for _ in range(num_batches):
        yield torch.rand(batch_size, nc, image_size, image_size) * 2 - 1, torch.zeros(batch_size)


def main(fabric):
    # Set random seed for reproducibility
    seed_everything(999)

    generator = Generator()
    generator.apply(weights_init)
    discriminator = Discriminator()
    discriminator.apply(weights_init)

    # Initialize BCELoss function
    criterion = nn.BCELoss()

    # Create batch of latent vectors that we will use to visualize the progression of the generator
    fixed_noise = torch.randn(16, nz, 1, 1, device=fabric.device)

    # Set up Adam optimizers for both G and D
    optimizer_d = optim.Adam(discriminator.parameters(), lr=lr, betas=(beta1, 0.999))
    optimizer_g = optim.Adam(generator.parameters(), lr=lr, betas=(beta1, 0.999))

    discriminator, optimizer_d = fabric.setup(discriminator, optimizer_d)
    generator, optimizer_g = fabric.setup(generator, optimizer_g)

    for epoch in range(num_epochs):
        for i, (images, _) in enumerate(fake_celeba()):
            real = fabric.to_device(images)
            b_size = real.size(0)

            # (1) Update D network: maximize log(D(x)) + log(1 - D(G(z)))
            discriminator.zero_grad()
            label = torch.full((b_size,), real_label, dtype=torch.float, device=fabric.device)
            output = discriminator(real).view(-1)
            err_d_real = criterion(output, label)
            fabric.backward(err_d_real)

            noise = torch.randn(b_size, nz, 1, 1, device=fabric.device)
            fake = generator(noise)
            label.fill_(fake_label)
            output = discriminator(fake.detach()).view(-1)
            err_d_fake = criterion(output, label)
            fabric.backward(err_d_fake)
            optimizer_d.step()

            # (2) Update G network: maximize log(D(G(z)))
            generator.zero_grad()
            label.fill_(real_label)
            output = discriminator(fake).view(-1)
            err_g = criterion(output, label)
            fabric.backward(err_g)
            optimizer_g.step()

            fabric.print(f"[{epoch}/{num_epochs}][{i}] Loss_D: {(err_d_real + err_d_fake).item():.4f} Loss_G: {err_g.item():.4f}")

    with torch.no_grad():
        fabric.print(generator(fixed_noise).shape)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices=8, strategy=XLAFSDPStrategy())
    fabric.launch(main)
