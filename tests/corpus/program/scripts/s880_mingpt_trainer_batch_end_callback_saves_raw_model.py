# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
"""minGPT's Trainer ported to Fabric on a TPU pod: an on_batch_end callback checkpoints `trainer.model` every few iterations."""
import math
from collections import defaultdict

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = nn.MultiheadAttention(n_embd, n_head, batch_first=True)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(), nn.Linear(4 * n_embd, n_embd))

    def forward(self, x):
        h = self.ln_1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, vocab_size=65, block_size=16, n_layer=2, n_head=2, n_embd=32):
        super().__init__()
        self.block_size = block_size
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.wpe = nn.Embedding(block_size, n_embd)
        self.blocks = nn.ModuleList([Block(n_embd, n_head) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)

    def forward(self, idx, targets=None):
        pos = torch.arange(idx.size(1), device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.blocks:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        loss = None if targets is None else F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        return logits, loss


class Trainer:
    """minGPT's mingpt/trainer.py, with the device handling swapped for Fabric."""

    def __init__(self, fabric, config, model):
        self.fabric = fabric
        self.config = config
        self.model = model
        self.optimizer = None
        self.callbacks = defaultdict(list)
        self.iter_num = 0

    def add_callback(self, onevent, callback):
        self.callbacks[onevent].append(callback)

    def trigger_callbacks(self, onevent):
        for callback in self.callbacks.get(onevent, []):
            callback(self)

    def run(self):
        config = self.config
        model = self.fabric.setup_module(self.model)
        self.optimizer = self.fabric.setup_optimizers(
            torch.optim.AdamW(model.parameters(), lr=config["learning_rate"], betas=config["betas"])
        )
        model.train()
        while self.iter_num < config["max_iters"]:
            x = torch.randint(0, 65, (config["batch_size"], 16), device=self.fabric.device)
            y = torch.roll(x, -1, dims=1)
            _, self.loss = model(x, y)
            self.fabric.backward(self.loss)
            self.fabric.clip_gradients(model, self.optimizer, max_norm=config["grad_norm_clip"])
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
            self.iter_num += 1
            self.trigger_callbacks("on_batch_end")


def batch_end_callback(trainer):
    if trainer.iter_num % 2 == 0:
        trainer.fabric.print(f"iter {trainer.iter_num}: train loss {trainer.loss.item():.5f} (ppl {math.exp(trainer.loss.item()):.1f})")
        trainer.fabric.save("out/chargpt", {"model": trainer.model, "iter_num": trainer.iter_num})


def main(fabric):
    config = dict(learning_rate=5e-4, betas=(0.9, 0.95), batch_size=8, max_iters=2, grad_norm_clip=1.0)
    trainer = Trainer(fabric, config, GPT())
    trainer.add_callback("on_batch_end", batch_end_callback)
    trainer.run()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
