# expect: LXF007
# oracle: RAISED ValueError: `precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: train.py
"""python train.py: nanoGPT's train.py (default config, GPT-2 124M shrunk to a few layers) moved from DDP to Fabric with XLA FSDP on a TPU VM; autocast + GradScaler become Fabric's precision."""
import math
import os
import time

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import GPT, Block, GPTConfig

# -----------------------------------------------------------------------------
# default config values designed to train a gpt2 (124M) on OpenWebText
# I/O
out_dir = "out"
eval_interval = 2
log_interval = 1
eval_iters = 1
always_save_checkpoint = False
# data
gradient_accumulation_steps = 2  # used to simulate larger batch sizes
batch_size = 2  # if gradient_accumulation_steps > 1, this is the micro-batch size
block_size = 16
# model
n_layer = 2
n_head = 2
n_embd = 16
dropout = 0.0
bias = False
# adamw optimizer
learning_rate = 6e-4
max_iters = 2
weight_decay = 1e-1
beta1 = 0.9
beta2 = 0.95
grad_clip = 1.0  # clip gradients at this value, or disable if == 0.0
# learning rate decay settings
decay_lr = True
warmup_iters = 1
lr_decay_iters = 2
min_lr = 6e-5
# system
dtype = "bfloat16" if torch.cuda.is_available() and torch.cuda.is_bf16_supported() else "float16"
# -----------------------------------------------------------------------------
config_keys = [k for k, v in globals().items() if not k.startswith("_") and isinstance(v, (int, float, bool, str))]
config = {k: globals()[k] for k in config_keys}  # will be useful for logging
# -----------------------------------------------------------------------------

# autocast (and a GradScaler for float16) become Fabric's mixed precision
precision = {"float32": "32-true", "bfloat16": "bf16-mixed", "float16": "16-mixed"}[dtype]
meta_vocab_size = 64


def get_batch(split):
    # stands in for the np.memmap of train.bin / val.bin
    data = torch.randint(0, meta_vocab_size, (4 * block_size,))
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([data[i:i + block_size] for i in ix])
    y = torch.stack([data[i + 1:i + 1 + block_size] for i in ix])
    return x, y


# learning rate decay scheduler (cosine with warmup)
def get_lr(it):
    if it < warmup_iters:
        return learning_rate * (it + 1) / (warmup_iters + 1)
    if it > lr_decay_iters:
        return min_lr
    decay_ratio = (it - warmup_iters) / (lr_decay_iters - warmup_iters)
    coeff = 0.5 * (1.0 + math.cos(math.pi * decay_ratio))
    return min_lr + coeff * (learning_rate - min_lr)


def main(fabric):
    os.makedirs(out_dir, exist_ok=True)
    torch.manual_seed(1337 + fabric.global_rank)
    tokens_per_iter = gradient_accumulation_steps * fabric.world_size * batch_size * block_size
    fabric.print(f"tokens per iteration will be: {tokens_per_iter:,}")

    model_args = dict(n_layer=n_layer, n_head=n_head, n_embd=n_embd, block_size=block_size,
                      bias=bias, vocab_size=meta_vocab_size, dropout=dropout)
    gptconf = GPTConfig(**model_args)
    model = fabric.setup_module(GPT(gptconf))
    # XLA FSDP flattens the parameters, so the decay/no-decay groups by p.dim() are gone: one group
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, betas=(beta1, beta2), weight_decay=weight_decay)
    optimizer = fabric.setup_optimizers(optimizer)

    @torch.no_grad()
    def estimate_loss():
        out = {}
        model.eval()
        for split in ["train", "val"]:
            losses = torch.zeros(eval_iters)
            for k in range(eval_iters):
                X, Y = fabric.to_device(get_batch(split))
                logits, loss = model(X, Y)
                losses[k] = loss.item()
            out[split] = losses.mean()
        model.train()
        return out

    iter_num = 0
    X, Y = fabric.to_device(get_batch("train"))
    t0 = time.time()
    while True:
        lr = get_lr(iter_num) if decay_lr else learning_rate
        for param_group in optimizer.param_groups:
            param_group["lr"] = lr

        if iter_num % eval_interval == 0:
            losses = estimate_loss()
            fabric.print(f"step {iter_num}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")

        for micro_step in range(gradient_accumulation_steps):
            with fabric.no_backward_sync(model, enabled=micro_step < gradient_accumulation_steps - 1):
                logits, loss = model(X, Y)
                loss = loss / gradient_accumulation_steps
            X, Y = fabric.to_device(get_batch("train"))
            fabric.backward(loss)
        if grad_clip != 0.0:
            fabric.clip_gradients(model, optimizer, max_norm=grad_clip)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

        t1 = time.time()
        dt, t0 = t1 - t0, t1
        if iter_num % log_interval == 0:
            lossf = loss.item() * gradient_accumulation_steps
            fabric.print(f"iter {iter_num}: loss {lossf:.4f}, time {dt * 1000:.2f}ms")
        iter_num += 1
        if iter_num > max_iters:
            break


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision=precision, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
