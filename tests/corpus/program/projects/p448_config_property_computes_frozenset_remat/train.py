# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found frozenset({<class 'model.Block'>}). You can try defining and pass
# flagged-in: config.py
"""python train.py: train the block net with the policies TrainConfig computes."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import TrainConfig
from model import Net


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    cfg = TrainConfig()
    strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_policy, activation_checkpointing_policy=cfg.remat_policy)
    fabric = Fabric(accelerator="tpu", precision=cfg.precision, strategy=strategy)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
