# expect: none
# oracle: OK
# twin: p742_nanogpt_tpu_config_package_reexports_lambda_wrap_policy
"""nanoGPT's train.py ported to Lightning Fabric with XLA FSDP; the run settings come from the config package."""
import os
import time

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import *  # noqa: F401,F403
from model import GPT, GPTConfig

config_keys = [k for k, v in globals().items() if not k.startswith('_') and isinstance(v, (int, float, bool, str))]
config = {k: globals()[k] for k in config_keys}  # will be useful for logging


def get_batch(fabric):
    data = torch.randint(0, vocab_size, (batch_size, block_size + 1))
    x, y = data[:, :-1], data[:, 1:]
    return fabric.to_device(x), fabric.to_device(y)


@torch.no_grad()
def estimate_loss(fabric, model):
    model.eval()
    losses = torch.zeros(eval_iters)
    for k in range(eval_iters):
        X, Y = get_batch(fabric)
        _, loss = model(X, Y)
        losses[k] = loss.item()
    model.train()
    return losses.mean()


def main(fabric):
    fabric.seed_everything(1337 + fabric.global_rank)
    if fabric.global_rank == 0:
        os.makedirs(out_dir, exist_ok=True)
    model_args = dict(n_layer=n_layer, n_head=n_head, n_embd=n_embd, block_size=block_size, bias=False, vocab_size=vocab_size, dropout=dropout)
    model = fabric.setup_module(GPT(GPTConfig(**model_args)))
    optimizer = fabric.setup_optimizers(
        torch.optim.AdamW(model.parameters(), lr=learning_rate, betas=(0.9, beta2), weight_decay=weight_decay)
    )
    t0 = time.time()
    for iter_num in range(max_iters + 1):
        if iter_num % eval_interval == 0:
            fabric.print(f"step {iter_num}: val loss {estimate_loss(fabric, model):.4f}")
        for micro_step in range(gradient_accumulation_steps):
            X, Y = get_batch(fabric)
            _, loss = model(X, Y)
            fabric.backward(loss / gradient_accumulation_steps)
        if grad_clip != 0.0:
            fabric.clip_gradients(model, optimizer, max_norm=grad_clip)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if iter_num % log_interval == 0:
            t1 = time.time()
            fabric.print(f"iter {iter_num}: loss {loss.item():.4f}, time {(t1 - t0) * 1000:.2f}ms")
            t0 = t1


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=fsdp_wrap_policy, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=strategy, precision="32-true")
    fabric.launch(main)
