# expect: LXF002
# findings: LXF002 error 46
"""Fine-tune a Llama-style model with XLA FSDP; the FSDP options come from a config dict.

The config carries a custom `auto_wrapper_callable` and the Lightning policy as well: Lightning
raises ValueError at `setup_module` ("You cannot set both ...").
"""
from functools import partial

import torch
import torch.nn as nn
import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module
from torch_xla.distributed.fsdp.wrap import transformer_auto_wrap_policy


class DecoderLayer(nn.Module):
    def __init__(self, dim=1024):
        super().__init__()
        self.norm = nn.RMSNorm(dim)
        self.proj = nn.Linear(dim, dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.SiLU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.proj(self.norm(x)))


class Llama(nn.Module):
    def __init__(self, layers=12, dim=1024, vocab=32000):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.layers = nn.Sequential(*[DecoderLayer(dim) for _ in range(layers)])
        self.out = nn.Linear(dim, vocab)

    def forward(self, ids):
        return self.out(self.layers(self.tok(ids)))


def checkpointing_wrapper(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


FSDP_CONFIG = {
    "auto_wrap_policy": partial(transformer_auto_wrap_policy, transformer_layer_cls={DecoderLayer}),
    "auto_wrapper_callable": checkpointing_wrapper,
    "compute_dtype": torch.bfloat16,
}


def run(fabric, epochs=2):
    model = fabric.setup_module(Llama())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-5))
    for epoch in range(epochs):
        for step in range(100):
            ids = torch.randint(0, 32000, (4, 512), device=fabric.device)
            logits = model(ids[:, :-1])
            loss = nn.functional.cross_entropy(logits.flatten(0, 1), ids[:, 1:].flatten())
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        fabric.print(f"epoch {epoch}: {loss.item():.4f}")


def main():
    strategy = XLAFSDPStrategy(activation_checkpointing_policy={DecoderLayer}, **FSDP_CONFIG)
    fabric = L.Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(run)


if __name__ == "__main__":
    main()
