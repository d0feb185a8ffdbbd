"""Training loop for the U-Net; `main()` reads segkit.settings.hardware when it is called."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from segkit.models.unet import ConvBlock, TinyUNet
from segkit.settings import hardware

STEPS = 3


def synthetic_masks(batch, device):
    yy, xx = torch.meshgrid(torch.arange(32, device=device), torch.arange(32, device=device), indexing="ij")
    centers = torch.randint(8, 24, (batch, 2, 1, 1), device=device)
    mask = ((yy - centers[:, :1]) ** 2 + (xx - centers[:, 1:]) ** 2 < 36).float()
    image = mask + 0.3 * torch.randn_like(mask)
    return image, mask


def fit(fabric):
    model = fabric.setup_module(TinyUNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    for step in range(STEPS):
        image, mask = synthetic_masks(8, fabric.device)
        loss = F.binary_cross_entropy_with_logits(model(image).float(), mask)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f}")


def main():
    fabric = Fabric(accelerator=hardware.ACCELERATOR, devices=hardware.DEVICES, precision=hardware.PRECISION,
                    strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}))
    fabric.launch(fit)


if __name__ == "__main__":
    main()
