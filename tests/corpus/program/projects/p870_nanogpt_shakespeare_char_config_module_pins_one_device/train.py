# expect: LXF041
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
# flagged-in: config/train_shakespeare_char.py
"""
nanoGPT's train.py on a TPU VM with Lightning Fabric + XLA FSDP (in place of DDP).
To run the baby shakespeare_char model:
$ python train.py config/train_shakespeare_char.py
"""

import math
import os
import sys
import time

import numpy as np
import torch
import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy

from configurator import configure
from model import GPTConfig, GPT, Block

# -----------------------------------------------------------------------------
# default config values designed to train a gpt2 (124M) on OpenWebText
# I/O
out_dir = 'out'
eval_interval = 2000
log_interval = 1
eval_iters = 200
eval_only = False # if True, script exits right after the first eval
always_save_checkpoint = True # if True, always save a checkpoint after each eval
# data
dataset = 'openwebtext'
gradient_accumulation_steps = 5 * 8 # used to simulate larger batch sizes
batch_size = 12 # if gradient_accumulation_steps > 1, this is the micro-batch size
block_size = 1024
# model
n_layer = 12
n_head = 12
n_embd = 768
dropout = 0.0 # for pretraining 0 is good, for finetuning try 0.1+
bias = False # do we use bias inside LayerNorm and Linear layers?
# adamw optimizer
learning_rate = 6e-4 # max learning rate
max_iters = 600000 # total number of training iterations
weight_decay = 1e-1
beta1 = 0.9
beta2 = 0.95
grad_clip = 1.0 # clip gradients at this value, or disable if == 0.0
# learning rate decay settings
decay_lr = True # whether to decay the learning rate
warmup_iters = 2000 # how many steps to warm up for
lr_decay_iters = 600000 # should be ~= max_iters per Chinchilla
min_lr = 6e-5 # minimum learning rate, should be ~= learning_rate/10 per Chinchilla
# system: a TPU VM, every core of it
devices = 'auto'
dtype = 'bfloat16' # 'float32' or 'bfloat16'; XLA runs bf16 as "bf16-true"
# -----------------------------------------------------------------------------
config_keys = [k for k,v in globals().items() if not k.startswith('_') and isinstance(v, (int, float, bool, str))]
globals().update(configure({k: globals()[k] for k in config_keys}, sys.argv[1:] or ['config/train_shakespeare_char.py']))
config = {k: globals()[k] for k in config_keys} # will be useful for logging
# -----------------------------------------------------------------------------

# poor man's data loader: the shakespeare_char .bin files, as random character ids (vocab of 65)
meta_vocab_size = 65
data_rng = np.random.default_rng(1337)
train_data = data_rng.integers(0, meta_vocab_size, size=4096, dtype=np.uint16)
val_data = data_rng.integers(0, meta_vocab_size, size=1024, dtype=np.uint16)

def get_batch(split, fabric):
    data = train_data if split == 'train' else val_data
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([torch.from_numpy((data[i:i+block_size]).astype(np.int64)) for i in ix])
    y = torch.stack([torch.from_numpy((data[i+1:i+1+block_size]).astype(np.int64)) for i in ix])
    return fabric.to_device(x), fabric.to_device(y)

# helps estimate an arbitrarily accurate loss over either split using many batches
@torch.no_grad()
def estimate_loss(fabric, model):
    out = {}
    model.eval()
    for split in ['train', 'val']:
        losses = torch.zeros(eval_iters)
        for k in range(eval_iters):
            X, Y = get_batch(split, fabric)
            logits, loss = model(X, Y)
            losses[k] = loss.item()
        out[split] = losses.mean()
    model.train()
    return out

# learning rate decay scheduler (cosine with warmup)
def get_lr(it):
    # 1) linear warmup for warmup_iters steps
    if it < warmup_iters:
        return learning_rate * (it + 1) / (warmup_iters + 1)
    # 2) if it > lr_decay_iters, return min learning rate
    if it > lr_decay_iters:
        return min_lr
    # 3) in between, use cosine decay down to min learning rate
    decay_ratio = (it - warmup_iters) / (lr_decay_iters - warmup_iters)
    assert 0 <= decay_ratio <= 1
    coeff = 0.5 * (1.0 + math.cos(math.pi * decay_ratio)) # coeff ranges 0..1
    return min_lr + coeff * (learning_rate - min_lr)

def train(fabric):
    tokens_per_iter = gradient_accumulation_steps * fabric.world_size * batch_size * block_size
    fabric.print(f"tokens per iteration will be: {tokens_per_iter:,}")
    if fabric.is_global_zero:
        os.makedirs(out_dir, exist_ok=True)
    fabric.seed_everything(1337 + fabric.global_rank)

    # model init
    model_args = dict(n_layer=n_layer, n_head=n_head, n_embd=n_embd, block_size=block_size,
                      bias=bias, vocab_size=meta_vocab_size, dropout=dropout)
    model = fabric.setup_module(GPT(GPTConfig(**model_args)))
    # optimizer: nanoGPT's decay/no-decay groups go by p.dim(), and XLA FSDP flattens every parameter,
    # so one group here
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, betas=(beta1, beta2), weight_decay=weight_decay)
    optimizer = fabric.setup_optimizers(optimizer)

    # training loop
    X, Y = get_batch('train', fabric) # fetch the very first batch
    t0 = time.time()
    iter_num = 0
    best_val_loss = 1e9
    while True:

        # determine and set the learning rate for this iteration
        lr = get_lr(iter_num) if decay_lr else learning_rate
        for param_group in optimizer.param_groups:
            param_group['lr'] = lr

        # evaluate the loss on train/val sets and write checkpoints
        if iter_num % eval_interval == 0:
            losses = estimate_loss(fabric, model)
            fabric.print(f"step {iter_num}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")
            if losses['val'] < best_val_loss or always_save_checkpoint:
                best_val_loss = losses['val']
                if iter_num > 0:
                    checkpoint = {'model': model, 'optimizer': optimizer, 'model_args': model_args,
                                  'iter_num': iter_num, 'best_val_loss': best_val_loss, 'config': config}
                    fabric.print(f"saving checkpoint to {out_dir}")
                    fabric.save(os.path.join(out_dir, f'ckpt-{iter_num}'), checkpoint)
        if iter_num == 0 and eval_only:
            break

        # forward backward update, with optional gradient accumulation to simulate larger batch size
        for micro_step in range(gradient_accumulation_steps):
            with fabric.no_backward_sync(model, enabled=micro_step < gradient_accumulation_steps - 1):
                logits, loss = model(X, Y)
                loss = loss / gradient_accumulation_steps # scale the loss to account for gradient accumulation
                # immediately async prefetch next batch while model is doing the forward pass on the GPU
                X, Y = get_batch('train', fabric)
                fabric.backward(loss)
        # clip the gradient
        if grad_clip != 0.0:
            fabric.clip_gradients(model, optimizer, max_norm=grad_clip)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

        # timing and logging
        t1 = time.time()
        dt = t1 - t0
        t0 = t1
        if iter_num % log_interval == 0:
            lossf = loss.item() * gradient_accumulation_steps
            fabric.print(f"iter {iter_num}: loss {lossf:.4f}, time {dt*1000:.2f}ms")
        iter_num += 1

        # termination conditions
        if iter_num > max_iters:
            break

if __name__ == '__main__':
    precision = {'float32': '32-true', 'bfloat16': 'bf16-true'}[dtype]
    fabric = L.Fabric(accelerator='tpu', devices=devices, precision=precision,
                      strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
