# expect: none
# oracle: OK
# twin: p350_shared_save_helper_annotated_str_or_path_saves_path
"""python train.py [--out-dir DIR]: a few steps on random data, then a sharded checkpoint through the shared `save_checkpoint` helper, which takes a `str | Path` and hands `fabric.save` its string."""
import argparse
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from checkpointing import save_checkpoint
from model import Block, Classifier


def main(fabric: Fabric, out_dir: Path, steps: int) -> None:
    model = fabric.setup_module(Classifier())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(1, steps + 1):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    out_dir.mkdir(parents=True, exist_ok=True)
    save_checkpoint(fabric, out_dir / f"step-{steps:06d}.ckpt", model, optimizer, steps)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--out-dir", type=Path, default=Path("out/classifier"))
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, args.out_dir, args.steps)
