# expect: none
# real: OK
# findings: LXF030 warning 38
"""A port of nanoGPT/litgpt-style optimizer groups on TPU: weight decay for the matrices, none for the
biases and norms, chosen by `p.dim() >= 2` on the set-up model. Under XLAFSDP every parameter of the
set-up model is a flat 1-D shard: no tensor has two dimensions, the decay group is empty and weight
decay is silently off. The run goes on.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.ln = nn.LayerNorm(width)
        self.fc = nn.Linear(width, width)

    def forward(self, x):
        return x + self.fc(self.ln(x))


class GPT(nn.Module):
    def __init__(self, vocab=64, width=32, depth=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, width)
        self.blocks = nn.Sequential(*[Block(width) for _ in range(depth)])
        self.lm_head = nn.Linear(width, vocab, bias=False)

    def forward(self, idx):
        return self.lm_head(self.blocks(self.wte(idx)))


def param_groups(model, weight_decay):
    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]


def train(fabric):
    model = fabric.setup_module(GPT())
    optimizer = torch.optim.AdamW(param_groups(model, weight_decay=0.1), lr=6e-4, betas=(0.9, 0.95))
    optimizer = fabric.setup_optimizers(optimizer)
    idx = torch.randint(0, 64, (2, 16), device=fabric.device)
    loss = F.cross_entropy(model(idx).reshape(-1, 64), idx.reshape(-1))
    fabric.backward(loss)
    optimizer.step()
    fabric.print(f"decayed tensors: {len(optimizer.param_groups[0]['params'])}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
