# expect: LXF008
# findings: LXF008 error 48
"""Gives XLAFSDPStrategy a GPU precision plugin: its precision setter accepts only `XLAPrecision`,
so constructing the strategy raises TypeError ("The XLA FSDP strategy can only work with the
`XLAPrecision` plugin, found <...HalfPrecision object ...>")."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.plugins import HalfPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


class PatchEmbed(nn.Module):
    def __init__(self, patch=16, dim=768):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2)


class ViT(nn.Module):
    def __init__(self, dim=768, depth=12, classes=1000):
        super().__init__()
        self.embed = PatchEmbed(dim=dim)
        layer = nn.TransformerEncoderLayer(dim, 12, 4 * dim, batch_first=True, norm_first=True)
        self.blocks = nn.TransformerEncoder(layer, depth)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(self.embed(x)).mean(1))


def train(fabric):
    model = fabric.setup_module(ViT())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.05))
    for step in range(10_000):
        images = torch.randn(64, 3, 224, 224, device=fabric.device)
        labels = torch.randint(0, 1000, (64,), device=fabric.device)
        loss = nn.functional.cross_entropy(model(images), labels, label_smoothing=0.1)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(precision=HalfPrecision("bf16-true"), state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
