# expect: LXF007
# findings: LXF007 error 45
"""Diffusion UNet on TPU with the GPU habit of `precision="bf16-mixed"`.

XLA accepts only "32-true", "16-true" and "bf16-true": `Fabric(...)` raises ValueError right away.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from diffusers import DDPMScheduler, UNet2DModel
from diffusers.models.unets.unet_2d_blocks import DownBlock2D, UpBlock2D
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def make_unet():
    return UNet2DModel(
        sample_size=64, in_channels=3, out_channels=3, layers_per_block=2,
        block_out_channels=(128, 256, 256, 512),
        down_block_types=("DownBlock2D",) * 4, up_block_types=("UpBlock2D",) * 4,
    )


def train(fabric, steps=10_000):
    noise_scheduler = DDPMScheduler(num_train_timesteps=1000)
    unet = fabric.setup_module(make_unet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(unet.parameters(), lr=1e-4))
    for step in range(steps):
        clean = torch.randn(32, 3, 64, 64, device=fabric.device)
        noise = torch.randn_like(clean)
        t = torch.randint(0, 1000, (clean.shape[0],), device=fabric.device)
        noisy = noise_scheduler.add_noise(clean, noise, t)
        loss = F.mse_loss(unet(noisy, t).sample, noise)
        fabric.backward(loss)
        fabric.clip_gradients(unet, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        if step % 500 == 0:
            fabric.save(f"ckpt/step-{step}", {"model": unet, "optimizer": optimizer, "step": step})


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        precision="bf16-mixed",
        strategy=XLAFSDPStrategy(auto_wrap_policy={DownBlock2D, UpBlock2D}, state_dict_type="sharded"),
    )
    fabric.launch(train)
