# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""Card-fraud scorer (embedding MLP over transaction features) on TPU; the run config is a deep copy of the defaults with the TPU run's settings stored key by key."""
import copy

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

DEFAULTS = {
    "model": {"merchants": 50, "numeric": 12, "hidden": 64},
    "optim": {"lr": 1e-3, "weight_decay": 0.01, "steps": 3, "batch": 32},
    "clip": {"kind": "norm", "threshold": 1.0},
}

# settings of the TPU sweep, keyed "section.key"
TPU_SWEEP = {
    "optim.lr": 3e-3,
    "optim.batch": 64,
    "clip.kind": "value",
    "clip.threshold": 0.5,
}


def configure(defaults, settings):
    cfg = copy.deepcopy(defaults)
    for dotted, value in settings.items():
        section, key = dotted.split(".")
        cfg[section][key] = value
    return cfg


class ResidualBlock(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.fc = nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, hidden), nn.SiLU())

    def forward(self, x):
        return x + self.fc(x)


class FraudScorer(nn.Module):
    def __init__(self, merchants, numeric, hidden):
        super().__init__()
        self.merchants = merchants
        self.merchant = nn.Linear(merchants, hidden, bias=False)
        self.numeric = nn.Linear(numeric, hidden)
        self.blocks = nn.Sequential(ResidualBlock(hidden), ResidualBlock(hidden))
        self.out = nn.Linear(hidden, 1)

    def forward(self, merchant_id, features):
        return self.out(self.blocks(self.merchant(F.one_hot(merchant_id, self.merchants).float()) + self.numeric(features))).squeeze(-1)


def transactions(n, merchants, numeric, seed):
    gen = torch.Generator().manual_seed(seed)
    merchant_id = torch.randint(0, merchants, (n,), generator=gen)
    features = torch.randn(n, numeric, generator=gen)
    is_fraud = ((features[:, 0] > 1.2) | (merchant_id % 17 == 0)).float()
    return merchant_id, features, is_fraud


def clip_arguments(clip):
    if clip["kind"] == "value":
        return {"clip_val": clip["threshold"]}
    return {"max_norm": clip["threshold"]}


def optimizer_step(fabric, model, optimizer, loss, clip):
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, **clip_arguments(clip))
    optimizer.step()
    optimizer.zero_grad()


def train(fabric, cfg):
    m, o = cfg["model"], cfg["optim"]
    model = fabric.setup_module(FraudScorer(m["merchants"], m["numeric"], m["hidden"]))
    optimizer = fabric.setup_optimizers(
        torch.optim.AdamW(model.parameters(), lr=o["lr"], weight_decay=o["weight_decay"])
    )
    for step in range(o["steps"]):
        merchant_id, features, is_fraud = transactions(o["batch"], m["merchants"], m["numeric"], seed=step)
        logits = model(merchant_id.to(fabric.device), features.to(fabric.device))
        loss = F.binary_cross_entropy_with_logits(logits, is_fraud.to(fabric.device))
        optimizer_step(fabric, model, optimizer, loss, cfg["clip"])
        fabric.print(f"step {step}: bce {loss.item():.4f}")


if __name__ == "__main__":
    cfg = configure(DEFAULTS, TPU_SWEEP)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualBlock}))
    fabric.launch(train, cfg)
