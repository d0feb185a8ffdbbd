# expect: none
# oracle: OK
# twin: s902_retry_decorated_step_clip_mode_value
"""CNN classifier whose train step carries a @retry(times=...) decorator; the config picks clipping by norm."""
import functools
import time
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CONFIG = SimpleNamespace(lr=1e-3, steps=3, batch_size=8, clip_mode="norm", clip=0.5, retries=2)


def retry(times, exceptions=(RuntimeError,), backoff=0.05):
    """Retries transient TPU runtime errors (preempted host, UNAVAILABLE) a few times before giving up."""

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(1, times + 1):
                try:
                    return fn(*args, **kwargs)
                except exceptions:
                    if attempt == times:
                        raise
                    time.sleep(backoff * attempt)

        return wrapper

    return decorate


class SmallCNN(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(32, classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def clip_arguments(cfg):
    if cfg.clip_mode == "norm":
        return {"max_norm": cfg.clip}
    return {"clip_val": cfg.clip}


@retry(times=CONFIG.retries)
def train_step(fabric, model, optimizer, batch, clip_kwargs):
    images, labels = batch
    loss = F.cross_entropy(model(images), labels)
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, **clip_kwargs)
    optimizer.step()
    optimizer.zero_grad()
    return loss.detach()


def main(fabric, cfg):
    model = fabric.setup_module(SmallCNN())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9))
    clip_kwargs = clip_arguments(cfg)
    for step in range(cfg.steps):
        batch = (
            torch.randn(cfg.batch_size, 3, 16, 16, device=fabric.device),
            torch.randint(0, 10, (cfg.batch_size,), device=fabric.device),
        )
        loss = train_step(fabric, model, optimizer, batch, clip_kwargs)
        fabric.print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main, CONFIG)
