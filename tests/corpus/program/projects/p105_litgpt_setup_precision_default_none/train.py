# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: train.py
"""Pretrain a tiny litgpt-style model: `python train.py --devices 8 --precision bf16-true`."""
import argparse
from typing import Optional

import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy

from model import GPT, Block, Config
from utils import get_default_supported_precision, num_parameters


def setup(model_name: str = "tiny-2l", devices: int = 8, precision: Optional[str] = None, max_iters: int = 2) -> None:
    precision = precision or get_default_supported_precision(training=True)
    if devices > 1:
        strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    else:
        strategy = "auto"
    fabric = L.Fabric(accelerator="tpu", devices=devices, strategy=strategy, precision=precision)
    fabric.launch(main, Config.from_name(model_name), max_iters)


def main(fabric: L.Fabric, config: Config, max_iters: int) -> None:
    fabric.seed_everything(1337)
    model = fabric.setup_module(GPT(config))
    fabric.print(f"Number of trainable parameters: {num_parameters(model, requires_grad=True):,}")
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=6e-4, weight_decay=0.1))
    for iter_num in range(max_iters):
        input_ids = torch.randint(0, config.vocab_size, (2, config.block_size), device=fabric.device)
        logits = model(input_ids[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), input_ids[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"iter {iter_num}: loss {loss.item():.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--model_name", default="tiny-2l")
    parser.add_argument("--devices", type=int, default=8)
    parser.add_argument("--precision", default=None)
    parser.add_argument("--max_iters", type=int, default=2)
    setup(**vars(parser.parse_args()))
