# expect: LXF036
# oracle: RAISED ValueError: You cannot mark the forward method itself as a forward method.
"""python train.py: train a few steps, then sample; the sampler marks every method it drives as a forward method."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass(frozen=True)
class SampleConfig:
    max_new_tokens: int = 4
    temperature: float = 0.8
    # the model's entry points the sampler calls through the Fabric wrapper
    forward_methods: tuple = ("forward", "generate")


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class TinyLM(nn.Module):
    def __init__(self, vocab=64, dim=32, depth=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.head(self.blocks(self.embed(idx)))

    @torch.no_grad()
    def generate(self, idx, max_new_tokens, temperature=1.0):
        for _ in range(max_new_tokens):
            logits = self(idx)[:, -1, :] / temperature
            next_id = torch.multinomial(F.softmax(logits, dim=-1), num_samples=1)
            idx = torch.cat((idx, next_id), dim=1)
        return idx


def prepare_for_sampling(model, cfg: SampleConfig):
    for name in cfg.forward_methods:
        model.mark_forward_method(name)
    return model


def main(fabric, cfg: SampleConfig = SampleConfig()):
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(2):
        idx = torch.randint(0, 64, (4, 9), device=fabric.device)
        logits = model(idx[:, :-1])
        fabric.backward(F.cross_entropy(logits.reshape(-1, 64), idx[:, 1:].reshape(-1)))
        optimizer.step()
        optimizer.zero_grad()
    fabric.barrier()
    model = prepare_for_sampling(model, cfg)
    prompt = torch.zeros((1, 1), dtype=torch.long, device=fabric.device)
    out = model.generate(prompt, cfg.max_new_tokens, temperature=cfg.temperature)
    fabric.print(out.tolist())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
