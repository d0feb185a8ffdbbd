# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
"""python train.py: the wrap policy comes from the model class's Hugging Face style `_no_split_modules`
(layer class names), resolved to classes with accelerate's `get_module_class_from_name` idiom."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class PreTrainedModel(nn.Module):
    _no_split_modules: list = []


class DecoderLayer(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.mlp(self.norm(x)))


class TinyLM(PreTrainedModel):
    _no_split_modules = ["DecoderLayer"]

    def __init__(self, vocab=64, dim=32, layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(DecoderLayer(dim) for _ in range(layers))
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, idx):
        x = self.embed(idx)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(x)


def get_module_class_from_name(module, name):
    if module.__class__.__name__ == name:
        return module.__class__
    for child in module.children():
        found = get_module_class_from_name(child, name)
        if found is not None:
            return found
    return None


def wrap_classes(model):
    return [get_module_class_from_name(model, name) for name in model._no_split_modules]


def train(fabric, args):
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        idx = torch.randint(0, 64, (4, 8), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, 64), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    strategy = XLAFSDPStrategy(auto_wrap_policy=wrap_classes(TinyLM()))
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy)
    fabric.launch(train, args)
