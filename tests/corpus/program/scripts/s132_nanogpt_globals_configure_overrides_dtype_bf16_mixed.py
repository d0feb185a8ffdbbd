# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py [--key=value ...]: nanoGPT's shape, a module-level CONFIG that `configure(**overrides)` mutates."""
import ast
import math
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CONFIG = {
    "out_dir": "out",
    "batch_size": 4,
    "block_size": 8,
    "n_layer": 2,
    "n_embd": 32,
    "vocab_size": 64,
    "learning_rate": 6e-4,
    "max_iters": 2,
    "warmup_iters": 1,
    "dtype": "bfloat16",  # 'float32', 'bfloat16' or 'float16'
}

# the precision Fabric runs each dtype with
PRECISION_OF_DTYPE = {"float32": "32-true", "bfloat16": "bf16-mixed", "float16": "16-mixed"}


def configure(**overrides):
    for key, value in overrides.items():
        if key not in CONFIG:
            raise ValueError(f"Unknown config key: {key}")
        CONFIG[key] = value
    return CONFIG


def overrides_from_argv(argv):
    out = {}
    for arg in argv:
        key, _, raw = arg.removeprefix("--").partition("=")
        try:
            out[key] = ast.literal_eval(raw)
        except (SyntaxError, ValueError):
            out[key] = raw
    return out


class Block(nn.Module):
    def __init__(self, n_embd):
        super().__init__()
        self.ln = nn.LayerNorm(n_embd)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(), nn.Linear(4 * n_embd, n_embd))

    def forward(self, x):
        return x + self.mlp(self.ln(x))


class GPT(nn.Module):
    def __init__(self, vocab_size, n_embd, n_layer):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.h = nn.ModuleList([Block(n_embd) for _ in range(n_layer)])
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)

    def forward(self, idx):
        x = self.wte(idx)
        for block in self.h:
            x = block(x)
        return self.lm_head(x)


def get_lr(it):
    if it < CONFIG["warmup_iters"]:
        return CONFIG["learning_rate"] * (it + 1) / CONFIG["warmup_iters"]
    return CONFIG["learning_rate"] * 0.5 * (1.0 + math.cos(math.pi * it / CONFIG["max_iters"]))


def get_batch(fabric):
    data = torch.randint(0, CONFIG["vocab_size"], (CONFIG["batch_size"], CONFIG["block_size"] + 1), device=fabric.device)
    return data[:, :-1], data[:, 1:]


def main(fabric):
    model = fabric.setup_module(GPT(CONFIG["vocab_size"], CONFIG["n_embd"], CONFIG["n_layer"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=CONFIG["learning_rate"]))
    for it in range(CONFIG["max_iters"]):
        for group in optimizer.param_groups:
            group["lr"] = get_lr(it)
        x, y = get_batch(fabric)
        with fabric.autocast():
            logits = model(x)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        fabric.print(f"iter {it}: loss {loss.item():.4f}")


if __name__ == "__main__":
    configure(**overrides_from_argv(sys.argv[1:]))
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        precision=PRECISION_OF_DTYPE[CONFIG["dtype"]],
    )
    fabric.launch(main)
