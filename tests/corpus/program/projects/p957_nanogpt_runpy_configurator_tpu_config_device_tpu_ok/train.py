# expect: none
# oracle: OK
# twin: p956_nanogpt_runpy_configurator_tpu_config_device_xla
"""
This training script can be run on a TPU VM with Lightning Fabric + XLA FSDP (nanoGPT's train.py, ported from
DDP). To run the baby shakespeare_char model:
$ python train.py config/train_shakespeare_char_tpu.py

nanoGPT's layout is kept: the defaults block, the configurator overriding it (here `override(globals(), ...)`,
see configurator.py), `get_batch` over the memmapped .bin files, `estimate_loss`, `get_lr` and the training loop
with gradient accumulation. `device` becomes Fabric's accelerator. data/shakespeare_char/prepare.py is inlined
(a few lines of text, into a temp dir).
"""

import math
import os
import pickle
import sys
import tempfile
import time

import numpy as np
import torch
import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy

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
# system
device = 'tpu' # Fabric's accelerator: 'tpu', 'cuda', 'cpu'
dtype = 'bfloat16' # 'float32' or 'bfloat16' (XLA runs it as "bf16-true")
compile = False # use PyTorch 2.0 to compile the model to be faster
# -----------------------------------------------------------------------------
config_keys = [k for k,v in globals().items() if not k.startswith('_') and isinstance(v, (int, float, bool, str))]
from configurator import override
override(globals(), sys.argv[1:] or [os.path.join(os.path.dirname(os.path.abspath(__file__)), 'config', 'train_shakespeare_char_tpu.py')])
config = {k: globals()[k] for k in config_keys} # will be useful for logging
# -----------------------------------------------------------------------------

# smoke run: outputs and data in a temp dir; data/shakespeare_char/prepare.py, inlined
out_dir = os.path.join(tempfile.mkdtemp(), out_dir)
data_dir = os.path.join(os.path.dirname(out_dir), 'data', dataset)
def prepare(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    data = "First Citizen:\nBefore we proceed any further, hear me speak.\n\nAll:\nSpeak, speak.\n" * 20
    chars = sorted(list(set(data)))
    stoi = { ch:i for i,ch in enumerate(chars) }
    n = len(data)
    train_ids = np.array([stoi[c] for c in data[:int(n*0.9)]], dtype=np.uint16)
    val_ids = np.array([stoi[c] for c in data[int(n*0.9):]], dtype=np.uint16)
    train_ids.tofile(os.path.join(data_dir, 'train.bin'))
    val_ids.tofile(os.path.join(data_dir, 'val.bin'))
    with open(os.path.join(data_dir, 'meta.pkl'), 'wb') as f:
        pickle.dump({'vocab_size': len(chars), 'itos': dict(enumerate(chars)), 'stoi': stoi}, f)

# poor man's data loader
def get_batch(split, fabric):
    # We recreate np.memmap every batch to avoid a memory leak, as per
    # https://stackoverflow.com/questions/45132940/numpy-memmap-memory-usage-want-to-iterate-once/61472122#61472122
    if split == 'train':
        data = np.memmap(os.path.join(data_dir, 'train.bin'), dtype=np.uint16, mode='r')
    else:
        data = np.memmap(os.path.join(data_dir, 'val.bin'), dtype=np.uint16, mode='r')
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

def main(fabric):
    tokens_per_iter = gradient_accumulation_steps * fabric.world_size * batch_size * block_size
    fabric.print(f"tokens per iteration will be: {tokens_per_iter:,}")
    if fabric.is_global_zero:
        os.makedirs(out_dir, exist_ok=True)
    fabric.seed_everything(1337 + fabric.global_rank)

    # attempt to derive vocab_size from the dataset
    meta_path = os.path.join(data_dir, 'meta.pkl')
    meta_vocab_size = None
    if os.path.exists(meta_path):
        with open(meta_path, 'rb') as f:
            meta = pickle.load(f)
        meta_vocab_size = meta['vocab_size']
        fabric.print(f"found vocab_size = {meta_vocab_size} (inside {meta_path})")

    # model init
    model_args = dict(n_layer=n_layer, n_head=n_head, n_embd=n_embd, block_size=block_size,
                      bias=bias, vocab_size=meta_vocab_size if meta_vocab_size is not None else 50304, dropout=dropout)
    fabric.print("Initializing a new model from scratch")
    model = fabric.setup_module(GPT(GPTConfig(**model_args)))
    # optimizer (after setup_module: XLA FSDP shards the parameters)
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
                # immediately async prefetch next batch while model is doing the forward pass
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
    prepare(data_dir)
    precision = {'float32': '32-true', 'bfloat16': 'bf16-true'}[dtype]
    fabric = L.Fabric(accelerator=device, devices='auto', precision=precision,
                      strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
