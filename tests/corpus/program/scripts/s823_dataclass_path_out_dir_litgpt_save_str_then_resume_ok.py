# expect: none
# oracle: OK
# twin: s822_dataclass_path_out_dir_litgpt_save_then_resume
"""python pretrain.py: litgpt-style loop; checkpoints go to `out_dir / f"step-{iter_num:08d}"` and the run resumes from the last one."""
import os
from dataclasses import dataclass, field
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass
class TrainArgs:
    max_iters: int = 2
    save_interval: int = 2
    lr: float = 6e-4


@dataclass
class Setup:
    out_dir: Path = Path(os.environ.get("OUT_DIR", "out/pretrain"))
    train: TrainArgs = field(default_factory=TrainArgs)


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def fit(fabric, state, cfg):
    model, optimizer = state["model"], state["optimizer"]
    while state["iter_num"] < cfg.train.max_iters:
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.mse_loss(model(x), x))
        optimizer.step()
        optimizer.zero_grad()
        state["iter_num"] += 1
        if state["iter_num"] % cfg.train.save_interval == 0:
            checkpoint_file = str(cfg.out_dir / f"step-{state['iter_num']:08d}")
            fabric.print(f"Saving checkpoint to {checkpoint_file}")
            fabric.save(checkpoint_file, state)
    return checkpoint_file


def main(fabric, cfg):
    fabric.seed_everything(1337)
    model = fabric.setup_module(nn.Sequential(Block(), Block()))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.train.lr))
    state = {"model": model, "optimizer": optimizer, "iter_num": 0}
    last = fit(fabric, state, cfg)
    fabric.barrier()
    resumed = {"model": model, "optimizer": optimizer, "iter_num": 0}
    fabric.load(last, resumed)
    fabric.print(f"resumed at iter {resumed['iter_num']}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, Setup())
