# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'forward_prefetch'
# flagged-in: configs/v4_8.py
"""python train.py: the block net with the v4-8 config."""
import torch
import torch.nn.functional as F

from build import build_fabric
from configs.v4_8 import CONFIG
from model import Net


def train(fabric, optim_cfg, train_cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), **optim_cfg))
    for _ in range(train_cfg["steps"]):
        x = torch.randn(train_cfg["batch_size"], 32, device=fabric.device)
        y = torch.randint(0, 4, (train_cfg["batch_size"],), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = build_fabric(CONFIG)
    fabric.launch(train, CONFIG["optim"], CONFIG["train"])
