# expect: none
# oracle: OK
# twin: p360_smoke_settings_precision_swapped_bf16_mixed_on_pod
"""python train.py: train podtrain's block net; PODTRAIN_SMOKE=1 runs the CPU smoke test instead."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from podtrain.model import Net
from podtrain.settings import Settings


def train(fabric, settings):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings.lr))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    settings = Settings()
    fabric = Fabric(accelerator=settings.accelerator, strategy=settings.strategy(), precision=settings.precision,
                    devices=2 if settings.smoke else "auto")
    fabric.launch(train, settings)
