# expect: none
# real: OK
# findings: none
# Labelled by running this module with settings.py next to it, and its single-file concatenation (same outcome).
"""Fine-tune a small ViT on TPU; sharding and clipping settings come from settings.py."""
import torch
import torch.nn.functional as F
from torch import nn

import lightning as L

from settings import CLIP, EncoderBlock, make_strategy


class ViT(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 10):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, kernel_size=4, stride=4)
        self.encoder = nn.Sequential(*[EncoderBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        tokens = self.patch(images).flatten(2).transpose(1, 2)
        return self.head(self.encoder(tokens).mean(dim=1))


class FineTuner:
    def __init__(self, fabric: L.Fabric, accumulate: int = 2):
        self.fabric = fabric
        self.accumulate = accumulate

    def setup(self):
        self.model = self.fabric.setup_module(ViT())
        self.optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=1e-3))

    def fit(self, micro_steps: int):
        for i in range(micro_steps):
            images = torch.randn(2, 3, 16, 16, device=self.fabric.device)
            labels = torch.randint(0, 10, (2,), device=self.fabric.device)
            accumulating = (i + 1) % self.accumulate != 0
            with self.fabric.no_backward_sync(self.model, enabled=accumulating):
                loss = F.cross_entropy(self.model(images), labels)
                self.fabric.backward(loss / self.accumulate)
            if not accumulating:
                self.fabric.clip_gradients(self.model, self.optimizer, **CLIP)
                self.optimizer.step()
                self.optimizer.zero_grad()


def run(fabric: L.Fabric):
    tuner = FineTuner(fabric)
    tuner.setup()
    tuner.fit(micro_steps=2)


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="tpu", strategy=make_strategy())
    fabric.launch(run)
