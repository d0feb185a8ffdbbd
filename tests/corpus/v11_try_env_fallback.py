# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.EncoderBlock'>]. You can try defining and passi
# findings: LXF001 warning 64
"""Vision transformer fine-tuning job. The cluster launcher may export REMAT_LAYERS; when it does
not, the script falls back to checkpointing every encoder block."""
import os

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class EncoderBlock(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, 4, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))

    def forward(self, x):
        h = self.norm(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(x)


class ViT(nn.Module):
    def __init__(self, dim=32, depth=2, classes=10):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, 8, 8)
        self.encoder = nn.Sequential(*(EncoderBlock(dim) for _ in range(depth)))
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        tokens = self.patch(x).flatten(2).transpose(1, 2)
        return self.head(self.encoder(tokens)[:, 0])


LAYER_TYPES = {"EncoderBlock": EncoderBlock, "MultiheadAttention": nn.MultiheadAttention}

try:
    remat_layers = {LAYER_TYPES[name] for name in os.environ["REMAT_LAYERS"].split(",")}
except KeyError:
    remat_layers = [EncoderBlock]


def finetune(fabric):
    model = fabric.setup_module(ViT())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.01))
    for _ in range(2):
        images = torch.randn(2, 3, 32, 32, device=fabric.device)
        labels = torch.randint(0, 10, (2,), device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderBlock}, activation_checkpointing_policy=remat_layers),
        precision="bf16-true",
    )
    fabric.launch(finetune)
