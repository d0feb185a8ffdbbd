# expect: none
# oracle: OK
# twin: s890_litgpt_lora_save_partial_binds_bare_filter_function
"""litgpt's finetune/lora.py on a TPU pod: `save_lora_checkpoint` is specialised with `functools.partial` to keep only the LoRA weights."""
import math
import os
from functools import partial

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class LoRALinear(nn.Linear):
    def __init__(self, in_features, out_features, r=4, lora_alpha=8, **kwargs):
        super().__init__(in_features, out_features, **kwargs)
        self.scaling = lora_alpha / r
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))

    def forward(self, x):
        return super().forward(x) + (x @ self.lora_A.T @ self.lora_B.T) * self.scaling


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = LoRALinear(dim, dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.proj(torch.tanh(self.attn(self.norm(x))))


class TinyLM(nn.Module):
    def __init__(self, vocab=128, dim=32, n_layer=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim) for _ in range(n_layer))
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, idx):
        x = self.wte(idx)
        for block in self.blocks:
            x = block(x)
        return self.lm_head(x)


def lora_filter(key: str, value) -> bool:
    return "lora_" in key


def save_lora_checkpoint(fabric, model, file_path, filter=None):
    fabric.print(f"Saving LoRA weights to {str(file_path)!r}")
    fabric.save(file_path, {"model": model}, filter=filter)


save_adapter = partial(save_lora_checkpoint, filter={"model": lora_filter})


def fit(fabric, model, optimizer, out_dir, max_iters=2, save_interval=2):
    for iter_num in range(1, max_iters + 1):
        idx = torch.randint(0, 128, (4, 17), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if iter_num % save_interval == 0:
            save_adapter(fabric, model, os.path.join(out_dir, f"step-{iter_num:06d}"))


def main(fabric, out_dir):
    fabric.seed_everything(1337)
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.01))
    fit(fabric, model, optimizer, out_dir)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = Fabric(devices="auto", accelerator="tpu", strategy=strategy, precision="32-true")
    fabric.launch(main, "out/lora/alpaca")
