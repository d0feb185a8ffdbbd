# expect: none
# oracle: OK
# twin: p620_utils_clip_mode_from_config_get_default_value
"""python train.py: the block net with the default config, gradients clipped every step."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs.default import TRAIN
from model import Block, Net
from utils.optim import clip_grads


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], 32, device=fabric.device)
        y = torch.randint(0, 4, (cfg["batch_size"],), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        clip_grads(fabric, model, optimizer, cfg)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-true")
    fabric.launch(train, TRAIN)
