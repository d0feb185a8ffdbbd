# expect: none
# oracle: OK
# twin: p770_env_settings_class_decorator_plain_enum_ckpt_format
"""Keyword spotting; settings come from an env-overridable class, and a context manager saves and re-reads a sharded checkpoint."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import KeywordSpotter
from settings import Settings
from utils.checkpointing import resumable
from utils.strategy import build_strategy


def train(fabric, settings):
    model = fabric.setup_module(KeywordSpotter())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=settings.lr))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    with resumable(fabric, settings.ckpt_dir, state, check=settings.resume_check):
        for step in range(1, settings.steps + 1):
            frames = torch.randn(settings.batch_size, 50, 40, device=fabric.device)
            labels = torch.randint(0, 12, (settings.batch_size,), device=fabric.device)
            loss = F.cross_entropy(model(frames), labels)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            state["step"] = step
            fabric.print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(Settings))
    fabric.launch(train, Settings)
