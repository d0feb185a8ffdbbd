# expect: none
# oracle: OK
# twin: p630_importlib_model_module_from_config_configure_model_policy_list
"""python train.py: the model module the config names, built by its `configure_model`."""
import importlib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs.mixer_small import CONFIG


def train(fabric, model, cfg):
    arch = importlib.import_module(cfg["model"])
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for _ in range(cfg["steps"]):
        x, y = arch.dummy_batch(cfg["model_args"], 8, fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    arch = importlib.import_module(CONFIG["model"])
    model, sharding = arch.configure_model(CONFIG["model_args"])
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**sharding), precision=CONFIG["precision"])
    fabric.launch(train, model, CONFIG)
