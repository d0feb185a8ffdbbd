# expect: LXF024
# oracle: RAISED ValueError: Found multiple XLAFSDP modules in the given state. Saving checkpoints with FSDP is currently limited to a single model p
# flagged-in: train.py
"""python train.py: a small WGAN for synthetic tabular rows, both networks sharded with XLA FSDP, checkpointed at the end."""
import os
import tempfile

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from nets import Critic, Generator, ResBlock
from utils.ckpt import save_checkpoint

STEPS = 3
NOISE = 16


def real_rows(n: int):
    base = torch.randn(n, 4)
    mix = torch.linspace(-1, 1, 32).view(4, 8)
    return torch.cat([base, base @ mix], dim=1)


def main(fabric, run_dir):
    generator = fabric.setup_module(Generator(NOISE))
    critic = fabric.setup_module(Critic())
    g_opt = fabric.setup_optimizers(torch.optim.RMSprop(generator.parameters(), lr=5e-4))
    c_opt = fabric.setup_optimizers(torch.optim.RMSprop(critic.parameters(), lr=5e-4))
    for step in range(STEPS):
        real = real_rows(64).to(fabric.device)
        fake = generator(torch.randn(64, NOISE, device=fabric.device))
        c_loss = critic(fake.detach()).mean() - critic(real).mean()
        fabric.backward(c_loss)
        c_opt.step()
        c_opt.zero_grad()
        g_loss = -critic(fake).mean()
        fabric.backward(g_loss)
        g_opt.step()
        g_opt.zero_grad()
        fabric.print(f"step {step}: critic {c_loss.item():.3f} generator {g_loss.item():.3f}")
    save_checkpoint(fabric, run_dir, STEPS, generator=generator, critic=critic, g_opt=g_opt, c_opt=c_opt)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResBlock}))
    fabric.launch(main, tempfile.mkdtemp(prefix="tabgan-"))
