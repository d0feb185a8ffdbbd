# expect: LXF024
# oracle: RAISED ValueError: Found multiple XLAFSDP modules in the given state. Saving checkpoints with FSDP is currently limited to a single model p
# flagged-in: ckpt.py
"""python train.py: a DCGAN-style toy run on XLA FSDP, checkpointing both nets at the end."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from ckpt import save_all
from components import build_component, component_state
from nets import Discriminator, Generator


def main(fabric, steps=2, out_dir="checkpoints"):
    g_name, gen, g_opt = build_component(fabric, "generator", Generator(), 2e-4)
    d_name, disc, d_opt = build_component(fabric, "discriminator", Discriminator(), 2e-4)
    for _ in range(steps):
        real = torch.randn(8, 16, device=fabric.device)
        fake = gen(torch.randn(8, 8, device=fabric.device))
        d_loss = F.softplus(-disc(real)).mean() + F.softplus(disc(fake.detach())).mean()
        fabric.backward(d_loss)
        d_opt.step()
        d_opt.zero_grad()
        g_loss = F.softplus(-disc(gen(torch.randn(8, 8, device=fabric.device)))).mean()
        fabric.backward(g_loss)
        g_opt.step()
        g_opt.zero_grad()
    save_all(fabric, out_dir, steps, component_state(g_name, gen, g_opt), component_state(d_name, disc, d_opt))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main)
