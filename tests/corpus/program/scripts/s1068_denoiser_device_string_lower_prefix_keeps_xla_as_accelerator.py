# expect: LXF035
# oracle: RAISED ValueError: You selected an invalid accelerator name: `accelerator='xla'`. Available names are: auto, cuda, tpu, mps, cpu.
"""Image denoising (small conv U-Net-ish net on 16x16 noisy squares); the accelerator comes from a torch-style device string."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

DEVICE = "XLA:0"


class ConvBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)

    def forward(self, x):
        return F.relu(self.conv2(F.relu(self.conv1(x))))


class Denoiser(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.down = ConvBlock(1, width)
        self.mid = ConvBlock(width, width)
        self.up = ConvBlock(2 * width, width)
        self.out = nn.Conv2d(width, 1, 1)

    def forward(self, x):
        d = self.down(x)
        m = F.interpolate(self.mid(F.avg_pool2d(d, 2)), scale_factor=2)
        return x - self.out(self.up(torch.cat([d, m], dim=1)))


def accelerator_for(device):
    """Fabric accelerator name for a torch-style device string ("cuda:1", "cpu", "tpu:0")."""
    name = device.lower()
    if name.startswith(("cuda", "gpu")):
        return "cuda"
    if name.startswith("mps"):
        return "mps"
    return name.partition(":")[0]


def noisy_squares(batch, device, sigma=0.3):
    clean = torch.zeros(batch, 1, 16, 16)
    for i, (r, c) in enumerate(torch.randint(0, 10, (batch, 2)).tolist()):
        clean[i, 0, r : r + 6, c : c + 6] = 1.0
    return (clean + sigma * torch.randn_like(clean)).to(device), clean.to(device)


def train(fabric):
    model = fabric.setup_module(Denoiser())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(3):
        noisy, clean = noisy_squares(8, fabric.device)
        loss = F.mse_loss(model(noisy), clean)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator=accelerator_for(DEVICE), strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}))
    fabric.launch(train)
