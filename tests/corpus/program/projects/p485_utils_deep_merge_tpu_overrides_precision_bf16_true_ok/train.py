# expect: none
# oracle: OK
# twin: p484_utils_deep_merge_tpu_overrides_precision_bf16_mixed
"""python train.py [tpu|gpu]: two steps of the residual MLP with the backend's settings."""
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import load
from model import Block, Net


def train(fabric, hp):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=hp["lr"]))
    for _ in range(hp["steps"]):
        x = torch.randn(hp["batch_size"], 32, device=fabric.device)
        y = torch.randint(0, 4, (hp["batch_size"],), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


def main(backend):
    cfg = load(backend)
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}) if backend == "tpu" else "fsdp"
    fabric = Fabric(strategy=strategy, **cfg["fabric"])
    fabric.launch(train, cfg["train"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tpu")
