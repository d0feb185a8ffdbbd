# expect: none
# oracle: OK
# twin: s1106_question_type_attr_config_parallel_kind_ddp_on_tpu
"""Question-type classifier (who/what/when/where) over hashed word features; the config is an attribute-access dict."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Config(dict):
    """`cfg.optim.lr` instead of `cfg["optim"]["lr"]`; unknown keys raise AttributeError."""

    def __getattr__(self, name):
        try:
            value = self[name]
        except KeyError as err:
            raise AttributeError(f"config has no key {name!r}") from err
        return Config(value) if isinstance(value, dict) else value


CFG = Config(
    {
        "hardware": {"accelerator": "tpu", "devices": "auto", "precision": "bf16-true"},
        "parallel": {"kind": "fsdp", "wrap": "block"},
        "optim": {"lr": 2e-3, "steps": 3},
        "features": {"buckets": 128},
    }
)

QUESTIONS = [
    ("who wrote the letter", 0), ("who is the captain", 0),
    ("what is the capital", 1), ("what did she say", 1),
    ("when does the train leave", 2), ("when was it built", 2),
    ("where is the station", 3), ("where did they go", 3),
]


class HashBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class QuestionTyper(nn.Module):
    def __init__(self, buckets, dim=32):
        super().__init__()
        self.inp = nn.Linear(buckets, dim)
        self.blocks = nn.Sequential(HashBlock(dim), HashBlock(dim))
        self.out = nn.Linear(dim, 4)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))


def featurize(text, buckets):
    vec = torch.zeros(buckets)
    for word in text.split():
        vec[sum(map(ord, word)) % buckets] += 1.0
    return vec


WRAP_UNITS = {"block": {HashBlock}}


def build_strategy(parallel):
    if parallel.kind == "fsdp":
        return XLAFSDPStrategy(auto_wrap_policy=WRAP_UNITS[parallel.wrap])
    return parallel.kind


def train(fabric, cfg):
    model = fabric.setup_module(QuestionTyper(cfg.features.buckets))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.optim.lr))
    x = torch.stack([featurize(q, cfg.features.buckets) for q, _ in QUESTIONS]).to(fabric.device)
    y = torch.tensor([label for _, label in QUESTIONS]).to(fabric.device)
    for step in range(cfg.optim.steps):
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    hw = CFG.hardware
    fabric = Fabric(
        accelerator=hw.accelerator,
        devices=hw.devices,
        precision=hw.precision,
        strategy=build_strategy(CFG.parallel),
    )
    fabric.launch(train, CFG)
