# expect: LXF015
# oracle: RAISED ValueError: You have to specify either `clip_val` or `max_norm` to do gradient clipping!
"""nanoGPT train.py on Fabric: globals config with CLI overrides (no exec); grad_clip=0.0 means "off"."""
import sys

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

# -----------------------------------------------------------------------------
# default config values designed to train a tiny char model
batch_size = 4
block_size = 16
n_layer = 2
n_embd = 32
learning_rate = 6e-4
max_iters = 2
weight_decay = 1e-1
grad_clip = 0.0  # clip gradients at this value, or disable if == 0.0
dtype = "bfloat16"
# -----------------------------------------------------------------------------
config_keys = [k for k, v in globals().items() if not k.startswith("_") and isinstance(v, (int, float, bool, str))]


def apply_overrides(argv, config):
    for arg in argv:
        if arg.startswith("--") and "=" in arg:
            key, val = arg[2:].split("=", 1)
            if key in config:
                config[key] = type(config[key])(val)
    return config


config = apply_overrides(sys.argv[1:], {k: globals()[k] for k in config_keys})


class Block(nn.Module):
    def __init__(self, n_embd):
        super().__init__()
        self.ln = nn.LayerNorm(n_embd)
        self.fc = nn.Linear(n_embd, n_embd)

    def forward(self, x):
        return x + self.fc(self.ln(x))


class GPT(nn.Module):
    def __init__(self, n_layer, n_embd):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(n_embd) for _ in range(n_layer)])
        self.lm_head = nn.Linear(n_embd, 65)

    def forward(self, x):
        return self.lm_head(self.blocks(x))


def clip_kwargs(cfg):
    return {"max_norm": cfg["grad_clip"] or None}


def train(fabric, cfg):
    model = fabric.setup_module(GPT(cfg["n_layer"], cfg["n_embd"]))
    optimizer = fabric.setup_optimizers(
        torch.optim.AdamW(model.parameters(), lr=cfg["learning_rate"], weight_decay=cfg["weight_decay"])
    )
    for _ in range(cfg["max_iters"]):
        x = torch.randn(cfg["batch_size"], cfg["block_size"], cfg["n_embd"], device=fabric.device)
        loss = model(x).logsumexp(-1).mean()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, **clip_kwargs(cfg))
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


if __name__ == "__main__":
    precision = "bf16-true" if config["dtype"] == "bfloat16" else "32-true"
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision=precision)
    fabric.launch(train, config)
