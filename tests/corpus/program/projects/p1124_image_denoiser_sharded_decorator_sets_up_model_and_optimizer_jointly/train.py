# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# flagged-in: utils/dist.py
"""python train.py: residual denoiser for 16x16 grayscale patches (Gaussian noise, sigma 0.1-0.3) on TPU."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from models import build_denoiser


def noisy_patches(n, device):
    x = torch.linspace(0, 1, 16, device=device)
    clean = torch.sin(6 * x).view(1, 1, 16) * torch.cos(4 * x).view(1, 16, 1) * torch.rand(n, 1, 1, device=device)
    sigma = 0.1 + 0.2 * torch.rand(n, 1, 1, device=device)
    return clean + sigma * torch.randn_like(clean), clean


def main(fabric):
    model, optimizer = build_denoiser(fabric, width=96)
    for step in range(3):
        noisy, clean = noisy_patches(16, fabric.device)
        loss = F.mse_loss(model(noisy), clean)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: PSNR {10 * torch.log10(1 / loss).item():.1f} dB")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(main)
