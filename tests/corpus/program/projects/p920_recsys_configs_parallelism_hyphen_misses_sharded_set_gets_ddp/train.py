# expect: LXF033
# oracle: RAISED ValueError: The `XLAAccelerator` can only be used with a `SingleDeviceXLAStrategy`, `XLAStrategy`, or `XLAFSDPStrategy`. Found DDPSt
# flagged-in: configs/__init__.py
"""Two-tower recommender trained with in-batch negatives on synthetic user-item interactions."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from configs import RunConfig
from recsys.model import TwoTower
from utils.strategy import make_strategy


def interactions(cfg, device):
    users = torch.randint(0, cfg.n_users, (cfg.batch_size,))
    items = (users * 7 + torch.randint(0, 3, (cfg.batch_size,))) % cfg.n_items
    # feature bags: the id itself plus a coarse bucket (region for users, category for items)
    user_features = torch.stack([users, users % 10], dim=1)
    item_features = torch.stack([items, items // 100], dim=1)
    return user_features.to(device), item_features.to(device)


def train(fabric, cfg):
    model = fabric.setup_module(TwoTower(cfg.n_users, cfg.n_items, cfg.dim))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        users, items = interactions(cfg, fabric.device)
        logits = model(users, items)
        loss = F.cross_entropy(logits, torch.arange(len(users), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: in-batch loss {loss.item():.4f}")


def main(cfg):
    fabric = Fabric(accelerator=cfg.accelerator, strategy=make_strategy(cfg))
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main(RunConfig())
