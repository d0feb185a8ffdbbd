# expect: none
# oracle: OK
# twin: s826_litgpt_load_checkpoint_helper_fsdp_guard_includes_xla_load_raw
"""python finetune.py: a port of litgpt's `load_checkpoint` helper; the guard that picks `fabric.load_raw` names only the CUDA FSDPStrategy."""
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
    if isinstance(fabric.strategy, FSDPStrategy):
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
