# expect: none
# oracle: OK
# twin: s1368_intent_adapter_checkpoint_callback_passes_bare_keep_function_as_filter
"""Intent classification with a frozen bag-of-words encoder and small trainable adapters. A checkpoint callback
saves after each epoch and keeps only the adapter tensors; the save helper forwards the callback's filter."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

VOCAB, INTENTS = 300, 6


class AdapterLayer(nn.Module):
    def __init__(self, dim, rank=4):
        super().__init__()
        self.frozen = nn.Linear(dim, dim)
        self.adapter_down = nn.Linear(dim, rank, bias=False)
        self.adapter_up = nn.Linear(rank, dim, bias=False)
        self.frozen.requires_grad_(False)

    def forward(self, x):
        return torch.relu(self.frozen(x) + self.adapter_up(self.adapter_down(x)))


class IntentModel(nn.Module):
    def __init__(self, dim=48):
        super().__init__()
        self.bag = nn.EmbeddingBag(VOCAB, dim)
        self.bag.requires_grad_(False)
        self.layers = nn.Sequential(AdapterLayer(dim), AdapterLayer(dim))
        self.classifier = nn.Linear(dim, INTENTS)

    def forward(self, tokens):
        return self.classifier(self.layers(self.bag(tokens)))


def is_adapter_param(name, tensor):
    return "adapter" in name or name.startswith("classifier")


def save_checkpoint(fabric, path, state, **options):
    fabric.save(path, state, **options)
    fabric.print(f"checkpoint -> {path}")


class AdapterCheckpoint:
    def __init__(self, root, keep):
        self.root, self.keep = root, keep

    def on_epoch_end(self, trainer, epoch):
        path = os.path.join(self.root, f"adapters-epoch{epoch}")
        save_checkpoint(trainer.fabric, path, {"model": trainer.model, "epoch": epoch}, filter={"model": self.keep})


class Trainer:
    def __init__(self, fabric, callbacks, epochs=2, batches=2):
        self.fabric, self.callbacks, self.epochs, self.batches = fabric, callbacks, epochs, batches

    def fit(self):
        self.model = self.fabric.setup_module(IntentModel())
        trainable = [p for p in self.model.parameters() if p.requires_grad]
        optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(trainable, lr=5e-3))
        g = torch.Generator().manual_seed(12)
        for epoch in range(self.epochs):
            for _ in range(self.batches):
                tokens = torch.randint(0, VOCAB, (8, 10), generator=g)
                intent = tokens[:, 0] % INTENTS
                tokens, intent = self.fabric.to_device((tokens, intent))
                loss = F.cross_entropy(self.model(tokens), intent)
                self.fabric.backward(loss)
                optimizer.step()
                optimizer.zero_grad()
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch)


def run(fabric, root):
    Trainer(fabric, callbacks=[AdapterCheckpoint(root, keep=is_adapter_param)]).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={AdapterLayer}))
    fabric.launch(run, tempfile.mkdtemp(prefix="intent-adapters-"))
