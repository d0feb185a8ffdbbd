# expect: none
# oracle: OK
# twin: s658_json_config_get_leaves_both_clip_settings_none
"""python train.py: the clipping settings come from a JSON config read with .get, and this config names a norm, so the value stays None."""
import argparse
import json

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))

DEFAULT_CONFIG = '{"lr": 0.0003, "dim": 32, "steps": 2, "grad_clip": 1.0, "optimizer": {"betas": [0.9, 0.95]}}'


def train(fabric, cfg):
    model = fabric.setup_module(Net(cfg["dim"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"], betas=tuple(cfg["optimizer"]["betas"])))
    for _ in range(cfg["steps"]):
        x = torch.randn(8, cfg["dim"], device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=cfg.get("grad_clip"), clip_val=cfg.get("grad_clip_value"))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default=DEFAULT_CONFIG)
    cfg = json.loads(parser.parse_args().config)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
