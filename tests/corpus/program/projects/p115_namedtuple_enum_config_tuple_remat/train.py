# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class 'model.Block'>,). You can try defining and passing `auto_
# flagged-in: configs/run.py
"""python train.py: the strategy and its layers come from configs.RunConfig."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from configs import RunConfig
from distributed import build_strategy
from model import Net


def train(fabric, cfg):
    model = fabric.setup_module(Net(depth=cfg.depth))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(cfg))
    fabric.launch(train, cfg)
