# expect: none
# oracle: OK
# twin: s922_env_checkpoint_kind_capitalized_default_resume
"""Autoencoder with save-then-resume; the checkpoint layout comes from CKPT_KIND, spelt as the docs' heading and lower-cased."""
import os
from typing import NamedTuple

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class CheckpointSpec(NamedTuple):
    kind: str
    directory: str
    every: int


SPEC = CheckpointSpec(
    kind=os.environ.get("CKPT_KIND", "Sharded").lower(),
    directory=os.environ.get("CKPT_DIR", "ae-checkpoints"),
    every=int(os.environ.get("CKPT_EVERY", "2")),
)


class AutoEncoder(nn.Module):
    def __init__(self, features=64, bottleneck=8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(features, 32), nn.Tanh(), nn.Linear(32, bottleneck))
        self.decoder = nn.Sequential(nn.Linear(bottleneck, 32), nn.Tanh(), nn.Linear(32, features))

    def forward(self, x):
        return self.decoder(self.encoder(x))


def run(fabric, spec, steps=4):
    model = fabric.setup_module(AutoEncoder())
    optimizer = fabric.setup_optimizers(torch.optim.RMSprop(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    last = None
    for step in range(1, steps + 1):
        x = torch.rand(16, 64, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] = step
        if step % spec.every == 0:
            last = os.path.join(spec.directory, f"step-{step:04d}")
            fabric.save(last, state)
            fabric.print(f"step {step}: loss {loss.item():.4f}, saved {last}")
    # make sure the last checkpoint can be resumed from
    fabric.load(last, state)
    fabric.print(f"resumed at step {state['step']}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type=SPEC.kind))
    fabric.launch(run, SPEC)
