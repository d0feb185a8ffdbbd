# expect: LXF010
# oracle: RAISED ValueError: Device should be CPU, got xla:0 instead.
# flagged-in: config.py
"""python train.py: P-wave arrival detector on three-component seismogram windows; the Fabric comes from a factory closure built from the run config."""
import torch
import torch.nn.functional as F

from config import ACTIVE
from model import PickerNet
from utils.factory import make_fabric


def seismograms(n, device, samples=200):
    t = torch.arange(samples, device=device).float()
    onset = torch.randint(50, 150, (n, 1), device=device).float()
    envelope = torch.sigmoid(t - onset) * torch.exp(-(t - onset).clamp(min=0) / 40)
    waves = envelope.unsqueeze(1) * torch.sin(0.6 * t).view(1, 1, -1) + 0.05 * torch.randn(n, 3, samples, device=device)
    return waves, onset.squeeze(1) / samples


def train(fabric, cfg):
    model = fabric.setup_module(PickerNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        waves, onset = seismograms(cfg.batch_size, fabric.device)
        loss = F.smooth_l1_loss(model(waves), onset)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: onset error {loss.item():.4f}")


if __name__ == "__main__":
    new_fabric = make_fabric(ACTIVE)
    fabric = new_fabric()
    fabric.launch(train, ACTIVE)
