# expect: none
# oracle: OK
# twin: s1290_nanogpt_globals_configurator_dtype_precision_and_xla_plugin
"""nanoGPT-style train.py ported to Lightning Fabric on a TPU VM: globals as config, `--key=value` overrides, `estimate_loss`, a weight-decay `configure_optimizers`; the autocast `dtype` became a Fabric precision."""
import math
import sys
from ast import literal_eval

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

# -----------------------------------------------------------------------------
# default config values (shakespeare_char-sized, shrunk for a smoke run)
eval_interval = 2
eval_iters = 2
batch_size = 8
block_size = 16
vocab_size = 65
n_layer = 2
n_head = 2
n_embd = 32
dropout = 0.0
learning_rate = 1e-3
max_iters = 4
weight_decay = 1e-1
beta1, beta2 = 0.9, 0.99
grad_clip = 1.0
dtype = "bfloat16"  # 'float32', 'bfloat16', or 'float16'
# -----------------------------------------------------------------------------
config_keys = [k for k, v in globals().items() if not k.startswith("_") and isinstance(v, (int, float, bool, str))]


def configurator(argv):
    """The poor man's configurator of nanoGPT, without the config-file branch."""
    for arg in argv:
        if not arg.startswith("--"):
            continue
        key, val = arg[2:].split("=", 1)
        assert key in globals(), f"Unknown config key: {key}"
        try:
            attempt = literal_eval(val)
        except (SyntaxError, ValueError):
            attempt = val
        assert type(attempt) is type(globals()[key])
        globals()[key] = attempt


configurator(sys.argv[1:])
config = {k: globals()[k] for k in config_keys}
# -----------------------------------------------------------------------------


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = nn.MultiheadAttention(n_embd, n_head, dropout=dropout, batch_first=True)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(), nn.Linear(4 * n_embd, n_embd))

    def forward(self, x):
        T = x.size(1)
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), 1)
        h = self.ln_1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.wpe = nn.Embedding(block_size, n_embd)
        self.h = nn.ModuleList([Block() for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)

    def forward(self, idx, targets=None):
        pos = torch.arange(idx.size(1), device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        loss = None if targets is None else F.cross_entropy(logits.view(-1, logits.size(-1)).float(), targets.view(-1))
        return logits, loss

    def configure_optimizers(self, weight_decay, learning_rate, betas):
        params = [p for p in self.parameters() if p.requires_grad]
        decay = [p for p in params if p.dim() >= 2]
        nodecay = [p for p in params if p.dim() < 2]
        groups = [{"params": decay, "weight_decay": weight_decay}, {"params": nodecay, "weight_decay": 0.0}]
        return torch.optim.AdamW([g for g in groups if g["params"]], lr=learning_rate, betas=betas)


def get_batch(split, device):
    gen = torch.Generator().manual_seed(0 if split == "train" else 1)
    data = torch.randint(0, vocab_size, (2048,), generator=gen)
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([data[i:i + block_size] for i in ix])
    y = torch.stack([data[i + 1:i + 1 + block_size] for i in ix])
    return x.to(device), y.to(device)


@torch.no_grad()
def estimate_loss(model, device):
    out = {}
    model.eval()
    for split in ["train", "val"]:
        losses = torch.zeros(eval_iters)
        for k in range(eval_iters):
            X, Y = get_batch(split, device)
            _, loss = model(X, Y)
            losses[k] = loss.item()
        out[split] = losses.mean()
    model.train()
    return out


def get_lr(it, warmup_iters=1):
    if it < warmup_iters:
        return learning_rate * (it + 1) / (warmup_iters + 1)
    decay_ratio = (it - warmup_iters) / max(1, max_iters - warmup_iters)
    return learning_rate * (0.1 + 0.45 * (1.0 + math.cos(math.pi * decay_ratio)))


def train(fabric):
    model = fabric.setup_module(GPT())
    optimizer = fabric.setup_optimizers(model.configure_optimizers(weight_decay, learning_rate, (beta1, beta2)))
    X, Y = get_batch("train", fabric.device)
    for iter_num in range(max_iters):
        for param_group in optimizer.param_groups:
            param_group["lr"] = get_lr(iter_num)
        if iter_num % eval_interval == 0:
            losses = estimate_loss(model, fabric.device)
            fabric.print(f"step {iter_num}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")
        _, loss = model(X, Y)
        X, Y = get_batch("train", fabric.device)
        fabric.backward(loss)
        if grad_clip != 0.0:
            fabric.clip_gradients(model, optimizer, max_norm=grad_clip)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


# what `ctx = torch.amp.autocast(device_type=device_type, dtype=ptdtype)` became
precision = {"float32": "32-true", "bfloat16": "bf16-true", "float16": "16-true"}[dtype]
plugins = [XLAPrecision(precision)]  # "use XLAPrecision on TPUs", from the Lightning TPU docs

if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        plugins=plugins,
    )
    fabric.launch(train)
