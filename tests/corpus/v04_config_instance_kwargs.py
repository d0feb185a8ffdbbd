# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.MLPBlock'>]. You can try defining and passing `
# findings: LXF001 error 50
"""Fine-tune a ViT-style classifier; the experiment is declared as a config instance at the bottom."""
from dataclasses import dataclass
from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class MLPBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.net(x)


class PatchClassifier(nn.Module):
    def __init__(self, patch=4, dim=32, depth=2, classes=10):
        super().__init__()
        self.patchify = nn.Conv2d(3, dim, kernel_size=patch, stride=patch)
        self.blocks = nn.Sequential(*[MLPBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        x = self.patchify(images).flatten(2).transpose(1, 2)
        return self.head(self.blocks(x).mean(1))


@dataclass
class Experiment:
    name: str
    image_size: int = 16
    batch_size: int = 4
    steps: int = 2
    lr: float = 1e-3
    wrap_policy: Optional[set] = None
    remat_policy: Optional[set] = None


def make_fabric(exp: Experiment) -> Fabric:
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=exp.wrap_policy,
        activation_checkpointing_policy=exp.remat_policy,
    )
    return Fabric(accelerator="tpu", devices="auto", strategy=strategy, precision="32-true")


def train(fabric, exp: Experiment):
    model = fabric.setup_module(PatchClassifier())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=exp.lr))
    for _ in range(exp.steps):
        x = torch.randn(exp.batch_size, 3, exp.image_size, exp.image_size, device=fabric.device)
        y = torch.randint(0, 10, (exp.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"{exp.name}: final loss {loss.item():.4f}")


if __name__ == "__main__":
    exp = Experiment(name="vit-tiny-remat", wrap_policy={MLPBlock}, remat_policy=[MLPBlock])
    fabric = make_fabric(exp)
    fabric.launch(train, exp)
