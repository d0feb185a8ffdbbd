# expect: LXF006
# oracle: RAISED _pickle.PicklingError: Can't pickle <function <lambda> at 0x7f4225707240>: attribute lookup <lambda> on __main__ failed
# flagged-in: train.py
"""python train.py: a short run with the settings below."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from utils.launching import run_distributed

CONFIG = {"lr": 3e-4, "steps": 2, "batch_size": 8}


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (cfg["batch_size"],), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = dict(sorted(CONFIG.items(), key=lambda kv: kv[0]))
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    run_distributed(fabric, lambda fabric: train(fabric, cfg))
