# expect: none
# findings: none
"""Generation in the style of litgpt's XLA extension: XLA FSDP only when there are several devices,
the model set up in the launched function and used for inference only."""
import sys
import time
from pathlib import Path

import torch
import torch.nn as nn
import lightning as L
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=2048):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class TinyDecoder(nn.Module):
    def __init__(self, vocab=32000, dim=2048, depth=24):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim) for _ in range(depth))
        self.out = nn.Linear(dim, vocab)

    def forward(self, idx):
        x = self.tok(idx)
        for block in self.blocks:
            x = block(x)
        return self.out(x)


@torch.inference_mode()
def generate(model, idx, max_new_tokens, temperature=0.8):
    for _ in range(max_new_tokens):
        logits = model(idx)[:, -1] / temperature
        nxt = torch.multinomial(torch.softmax(logits, -1), 1)
        idx = torch.cat([idx, nxt], dim=1)
    return idx


def main(fabric: L.Fabric, prompt_ids: list, max_new_tokens: int, checkpoint: Path) -> None:
    with fabric.init_module(empty_init=False):
        model = TinyDecoder()
    state = torch.load(checkpoint, mmap=True) if checkpoint.exists() else None
    if state is not None:
        model.load_state_dict(state, strict=False)
    model = fabric.setup_module(model)
    model.eval()
    start = time.perf_counter()
    idx = torch.tensor([prompt_ids], device=fabric.device)
    out = generate(model, idx, max_new_tokens)
    fabric.print(out[0].tolist(), file=sys.stderr)
    fabric.print(f"{max_new_tokens / (time.perf_counter() - start):.1f} tokens/s", file=sys.stderr)


if __name__ == "__main__":
    devices = XLAAccelerator.auto_device_count()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}) if devices > 1 else "auto"
    fabric = L.Fabric(devices=devices, precision="bf16-true", strategy=strategy)
    fabric.launch(main, [1, 15043, 29892], 128, Path("checkpoints/decoder.pth"))
