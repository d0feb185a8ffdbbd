# expect: LXF031
# real: RAISED RuntimeError: Check failed: weight->shape().get().dimensions_size() == 2 (1 vs. 2)
# findings: LXF031 error 42
"""A port of a nanoGPT-style sampling loop on TPU: after a training step the script samples with the
model's own `generate`, called on the set-up model. It runs on the original module, whose layers XLAFSDP
has flattened into 1-D shards: XLA fails with "Cannot infer shape for dot operation" before Lightning's
own `mark_forward_method` check could say why.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class TinyLM(nn.Module):
    def __init__(self, vocab=32, width=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.proj = nn.Linear(width, width)
        self.head = nn.Linear(width, vocab)

    def forward(self, idx):
        return self.head(torch.tanh(self.proj(self.embed(idx))))

    @torch.no_grad()
    def generate(self, idx, new_tokens=4):
        for _ in range(new_tokens):
            logits = self.head(torch.tanh(self.proj(self.embed(idx[:, -1:]))))
            idx = torch.cat([idx, logits[:, -1].argmax(-1, keepdim=True)], dim=1)
        return idx


def train(fabric):
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    idx = torch.randint(0, 32, (2, 8), device=fabric.device)
    loss = F.cross_entropy(model(idx).reshape(-1, 32), idx.reshape(-1))
    fabric.backward(loss)
    optimizer.step()
    model.eval()
    sample = model.generate(idx[:, :2])
    fabric.print(sample.shape)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
