# expect: LXF041
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
# flagged-in: config/profiles.py
"""Small ViT on TPU; a frozen dataclass of defaults is resolved through a named profile before the Fabric is built."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import RunConfig, resolve
from vit import ViT, EncoderLayer


def train(fabric, cfg):
    model = fabric.setup_module(ViT(cfg.image_size, cfg.patch, cfg.dim, cfg.depth, cfg.classes))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        images = torch.randn(cfg.batch_size, 3, cfg.image_size, cfg.image_size, device=fabric.device)
        labels = torch.randint(0, cfg.classes, (cfg.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"[{cfg.profile}] step {step + 1}/{cfg.steps}: {loss.item():.4f}")


if __name__ == "__main__":
    cfg = resolve(RunConfig())
    fabric = Fabric(
        accelerator=cfg.accelerator,
        devices=cfg.devices,
        precision=cfg.precision,
        strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}),
    )
    fabric.launch(train, cfg)
