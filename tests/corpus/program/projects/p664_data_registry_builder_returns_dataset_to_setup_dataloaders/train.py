# expect: LXF040
# oracle: RAISED TypeError: Only PyTorch DataLoader are currently supported in `setup_dataloaders`.
# flagged-in: config.py
"""python train.py: classify synthetic data on a TPU slice; DATA_NAME picks the dataset builder."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import data
from config import get_config
from model import Block, classifier


def main(fabric, cfg):
    loader = fabric.setup_dataloaders(data.build(**cfg["data"]))
    model = fabric.setup_module(classifier(cfg["data"]["dim"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), **cfg["optim"]))
    for _ in range(cfg["epochs"]):
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    cfg = get_config()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, cfg)
