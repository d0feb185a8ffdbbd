# expect: none
# oracle: OK
# twin: p1090_ring_gan_snapshot_callback_saves_generator_and_critic_together
"""python train.py: adversarial training of a toy ring GAN on a TPU host, with a snapshot callback at the end of each epoch."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import Snapshot
from gan.nets import LATENT, Critic, Generator, ring_points


def train(fabric, epochs=1, steps=2, batch=32):
    generator = fabric.setup_module(Generator())
    critic = fabric.setup_module(Critic())
    opt_g = fabric.setup_optimizers(torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.5, 0.999)))
    opt_c = fabric.setup_optimizers(torch.optim.Adam(critic.parameters(), lr=2e-4, betas=(0.5, 0.999)))
    ones = torch.ones(batch, device=fabric.device)
    for epoch in range(epochs):
        for _ in range(steps):
            real = ring_points(batch, device=fabric.device)
            fake = generator(torch.randn(batch, LATENT, device=fabric.device))
            loss_c = F.binary_cross_entropy_with_logits(critic(real), ones) + F.binary_cross_entropy_with_logits(
                critic(fake.detach()), torch.zeros_like(ones)
            )
            fabric.backward(loss_c)
            opt_c.step()
            opt_c.zero_grad()
            loss_g = F.binary_cross_entropy_with_logits(critic(fake), ones)
            fabric.backward(loss_g)
            opt_g.step()
            opt_g.zero_grad()
        fabric.print(f"epoch {epoch}: critic {loss_c.item():.3f} generator {loss_g.item():.3f}")
        fabric.call("on_train_epoch_end", fabric=fabric, epoch=epoch, generator=generator, critic=critic)


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(state_dict_type="sharded"),
        callbacks=[Snapshot(tempfile.mkdtemp(prefix="ring-gan-"))],
    )
    fabric.launch(train)
