# expect: FSDP010
# real: needs CUDA GPUs, not run; from the source, the raise confirmed by a CPU call of the same lightning 2.6.6 code: RAISED ValueError: Got FSDPStrategy.load_checkpoint(..., state=None) but a state with at least  a model instance to reload is required.
# findings: FSDP010 error 38
"""Resume from the last sharded checkpoint. `fabric.load(path)` with no state returns the
checkpoint under most strategies; FSDPStrategy needs the set-up model in a state dict to load into."""
import glob

import torch
import torch.nn as nn
from lightning.fabric import Fabric


class Block(nn.Module):
    def __init__(self, dim=768):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, 12, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, 3072), nn.GELU(), nn.Linear(3072, dim))

    def forward(self, x):
        x = x + self.attn(x, x, x, need_weights=False)[0]
        return x + self.ff(x)


def latest_checkpoint(pattern="out/step-*.ckpt"):
    found = sorted(glob.glob(pattern))
    return found[-1] if found else None


def main():
    fabric = Fabric(accelerator="cuda", devices=8, strategy="fsdp", precision="bf16-mixed")
    fabric.launch()
    model = fabric.setup_module(nn.Sequential(*[Block() for _ in range(12)]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=6e-4))

    start = 0
    path = latest_checkpoint()
    if path is not None:
        checkpoint = fabric.load(path)
        model.load_state_dict(checkpoint["model"])
        optimizer.load_state_dict(checkpoint["optimizer"])
        start = checkpoint["step"]

    for step in range(start, 10_000):
        loss = model(torch.randn(8, 256, 768, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % 1000 == 0:
            fabric.save(f"out/step-{step:06d}.ckpt", {"model": model, "optimizer": optimizer, "step": step})


if __name__ == "__main__":
    main()
