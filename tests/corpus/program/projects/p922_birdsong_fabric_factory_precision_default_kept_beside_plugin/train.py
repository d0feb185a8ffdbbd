# expect: LXF042
# oracle: RAISED ValueError: Received both `precision=32-true` and `plugins=<lightning.fabric.plugins.precision.xla.XLAPrecision object at 0x7f6b2bfd
# flagged-in: utils/fabric_factory.py
"""Train the bird-song classifier in bf16 on TPU; the precision plugin is handed to the shared Fabric builder."""
import torch
import torch.nn.functional as F
from lightning.fabric.plugins import XLAPrecision

from birdsong.data import spectrograms
from birdsong.model import FrameBlock, SongNet
from utils.fabric_factory import build_fabric


def train(fabric):
    model = fabric.setup_module(SongNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(3):
        spec, labels = spectrograms(16, fabric.device)
        loss = F.cross_entropy(model(spec), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = build_fabric(plugins=[XLAPrecision("bf16-true")], wrap={FrameBlock})
    fabric.launch(train)
