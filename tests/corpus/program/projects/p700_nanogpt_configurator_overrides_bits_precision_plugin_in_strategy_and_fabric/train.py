# expect: LXF043
# oracle: RAISED ValueError: precision set through both strategy class and plugins, choose one
# flagged-in: train.py
"""nanoGPT-style train.py: module-level defaults, overridden from the command line."""
import sys

import torch

import configurator
import dist
from model import GPT

# -----------------------------------------------------------------------------
out_dir = "out"
batch_size = 4
block_size = 16
vocab_size = 65
n_layer = 2
n_embd = 32
learning_rate = 1e-3
max_iters = 2
bits = "bf16"
compile_model = False
# -----------------------------------------------------------------------------
config = configurator.apply({k: v for k, v in dict(globals()).items() if not k.startswith("_") and isinstance(v, (int, float, str, bool))}, sys.argv[1:])


def get_batch(fabric, cfg):
    ix = torch.randint(cfg["vocab_size"], (cfg["batch_size"], cfg["block_size"] + 1), device=fabric.device)
    return ix[:, :-1], ix[:, 1:]


def train(fabric, cfg):
    model = fabric.setup_module(GPT(cfg["vocab_size"], cfg["block_size"], cfg["n_layer"], cfg["n_embd"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["learning_rate"]))
    for it in range(cfg["max_iters"]):
        x, y = get_batch(fabric, cfg)
        loss = model(x, y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        fabric.print(f"iter {it}: loss {loss.item():.4f}")


if __name__ == "__main__":
    extra_plugins = [dist.precision_plugin(config["bits"])] if config["bits"] != "32" else []
    fabric = dist.make_fabric(config, *extra_plugins)
    fabric.launch(train, config)
