# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'best_val' that does not exist in the loaded checkpoint. To disable strict loading, 
# flagged-in: runs.py
"""python train.py: train the soil-moisture predictor on TPU, checkpoint, and restore to continue."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from ckpt import restore_checkpoint, save_checkpoint
from config import build
from model import DepthEncoder, MoistureNet, field_readings
from runs import RUN


def fit(fabric, model, optimizer, cfg, objects):
    data = cfg["data"]
    for step in range(objects["step"], objects["step"] + cfg["optim"]["steps"]):
        series, target = field_readings(data["batch"], data["depths"], data["days"], seed=step)
        loss = F.mse_loss(model(series.to(fabric.device)), target.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        objects["best_val"] = min(objects["best_val"], loss.item())
        fabric.print(f"step {step}: mse {loss.item():.5f}")
    objects["step"] = step + 1


def train(fabric, cfg, out_dir):
    data = cfg["data"]
    model = fabric.setup_module(MoistureNet(data["depths"], data["days"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg["optim"]["lr"]))
    objects = {"model": model, "optimizer": optimizer, "step": 0, "best_val": float("inf")}
    fit(fabric, model, optimizer, cfg, objects)
    path = os.path.join(out_dir, "last")
    save_checkpoint(fabric, path, objects, cfg["checkpoint"]["save_keys"])

    restored = restore_checkpoint(fabric, path, objects, cfg["resume"]["restore_keys"])
    objects.update({k: v for k, v in restored.items() if k not in ("model", "optimizer")})
    fit(fabric, model, optimizer, cfg, objects)


if __name__ == "__main__":
    cfg = build(RUN)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DepthEncoder}))
    fabric.launch(train, cfg, tempfile.mkdtemp(prefix="soil_"))
