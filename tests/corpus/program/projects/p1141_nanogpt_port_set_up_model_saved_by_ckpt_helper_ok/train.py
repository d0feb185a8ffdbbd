# expect: none
# oracle: OK
# twin: p1140_nanogpt_port_raw_model_unwrapped_by_module_saved_by_ckpt_helper
"""nanoGPT's train.py ported to Lightning Fabric + XLAFSDP for a TPU VM: `python train.py --max_iters=4`, config in config.py, checkpoints through ckpt.py."""
import sys
import tempfile
from ast import literal_eval

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config as C
from ckpt import save_checkpoint
from model import GPT, Block, GPTConfig


def apply_overrides(argv):
    for arg in argv:
        if arg.startswith("--") and "=" in arg:
            key, val = arg[2:].split("=", 1)
            try:
                val = literal_eval(val)
            except (SyntaxError, ValueError):
                pass
            setattr(C, key, val)


def get_batch(split, device):
    gen = torch.Generator().manual_seed({"train": 0, "val": 1}[split])
    data = torch.randint(0, 65, (4096,), generator=gen)
    ix = torch.randint(len(data) - C.block_size, (C.batch_size,))
    x = torch.stack([data[i:i + C.block_size] for i in ix])
    y = torch.stack([data[i + 1:i + 1 + C.block_size] for i in ix])
    return x.to(device), y.to(device)


@torch.no_grad()
def estimate_loss(model, device):
    out = {}
    model.eval()
    for split in ["train", "val"]:
        losses = torch.zeros(C.eval_iters)
        for k in range(C.eval_iters):
            X, Y = get_batch(split, device)
            _, loss = model(X, Y)
            losses[k] = loss.item()
        out[split] = losses.mean().item()
    model.train()
    return out


def main(fabric, out_dir):
    config = {k: v for k, v in vars(C).items() if not k.startswith("_")}
    model_args = dict(n_layer=C.n_layer, n_head=C.n_head, n_embd=C.n_embd, block_size=C.block_size,
                      bias=C.bias, vocab_size=65, dropout=C.dropout)
    model = fabric.setup_module(GPT(GPTConfig(**model_args)))
    optimizer = torch.optim.AdamW(model.parameters(), lr=C.learning_rate, betas=(C.beta1, C.beta2),
                                  weight_decay=C.weight_decay)
    optimizer = fabric.setup_optimizers(optimizer)
    raw_model = model  # no DDP container to unwrap: Fabric saves the set-up model
    fabric.print(f"number of parameters: {raw_model.get_num_params()}")

    best_val_loss = 1e9
    X, Y = get_batch("train", fabric.device)
    for iter_num in range(C.max_iters + 1):
        if iter_num % C.eval_interval == 0:
            losses = estimate_loss(model, fabric.device)
            fabric.print(f"step {iter_num}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")
            if losses["val"] < best_val_loss or C.always_save_checkpoint:
                best_val_loss = min(best_val_loss, losses["val"])
                if iter_num > 0:
                    save_checkpoint(fabric, out_dir, raw_model, optimizer, model_args, iter_num, best_val_loss, config)
        if iter_num == C.max_iters:
            break
        _, loss = model(X, Y)
        X, Y = get_batch("train", fabric.device)
        fabric.backward(loss)
        if C.grad_clip != 0.0:
            fabric.clip_gradients(model, optimizer, max_norm=C.grad_clip)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


if __name__ == "__main__":
    apply_overrides(sys.argv[1:])
    out_dir = C.out_dir or tempfile.mkdtemp(prefix="nanogpt-tpu-")
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-true")
    fabric.launch(main, out_dir)
