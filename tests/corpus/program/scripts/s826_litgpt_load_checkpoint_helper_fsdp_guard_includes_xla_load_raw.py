# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
"""python finetune.py: a port of litgpt's `load_checkpoint` helper; the guard that picks `fabric.load_raw` was widened to XLA FSDP."""
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def build_model():
    return nn.Sequential(Block(), Block(), nn.Linear(32, 4))


def load_checkpoint(fabric, model, checkpoint_path, strict=True):
    if isinstance(fabric.strategy, (FSDPStrategy, XLAFSDPStrategy)):
        fabric.load_raw(checkpoint_path, model, strict=strict)
    else:
        state_dict = torch.load(checkpoint_path, map_location="cpu", weights_only=True)
        state_dict = state_dict.get("model", state_dict)
        model.load_state_dict(state_dict, strict=strict)


def main(fabric, checkpoint_dir):
    with fabric.init_module(empty_init=False):
        model = build_model()
    load_checkpoint(fabric, model, str(checkpoint_dir / "lit_model.pth"), strict=False)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    checkpoint_dir = Path("checkpoints/tiny")
    checkpoint_dir.mkdir(parents=True, exist_ok=True)
    torch.save(build_model().state_dict(), checkpoint_dir / "lit_model.pth")  # stands in for the download step
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, checkpoint_dir)
