# expect: none
# oracle: OK
# twin: p380_named_json_by_flag_clip_section_spread_clip_val
"""python train.py [--experiment NAME]: the settings of experiments/NAME.json."""
import json
from argparse import ArgumentParser
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net

EXPERIMENTS = Path(__file__).resolve().parent / "experiments"


def train(fabric, exp):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), **exp["optimizer"]))
    for _ in range(exp["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        fabric.clip_gradients(model, optimizer, **exp["clip"])
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = ArgumentParser()
    parser.add_argument("--experiment", default="baseline")
    args = parser.parse_args()
    exp = json.loads((EXPERIMENTS / f"{args.experiment}.json").read_text())
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, exp)
