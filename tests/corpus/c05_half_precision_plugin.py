# expect: FSDP005
# real: RAISED TypeError: The FSDP strategy can only work with the `FSDPPrecision` plugin, found <lightning.fabric.plugins.precision.half.HalfPrec
# findings: FSDP005 error 37
"""bf16 weights for a memory-bound fine-tune. The precision plugin is the generic `HalfPrecision`,
which FSDPStrategy refuses: it only takes `FSDPPrecision`."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.plugins import HalfPrecision
from lightning.fabric.strategies import FSDPStrategy
from torch.utils.data import DataLoader, TensorDataset


class Classifier(nn.Module):
    def __init__(self, vocab=32000, dim=768, classes=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(dim, 12, batch_first=True), 6)
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.head(self.encoder(self.embed(tokens)).mean(1))


def train(fabric, model, optimizer, loader):
    model.train()
    for tokens, labels in loader:
        loss = nn.functional.cross_entropy(model(tokens), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    strategy = FSDPStrategy(
        auto_wrap_policy={nn.TransformerEncoderLayer},
        precision=HalfPrecision("bf16-true"),
    )
    fabric = Fabric(accelerator="cuda", devices=4, strategy=strategy)
    fabric.launch()
    data = TensorDataset(torch.randint(0, 32000, (1024, 128)), torch.randint(0, 4, (1024,)))
    loader = fabric.setup_dataloaders(DataLoader(data, batch_size=16))
    model = fabric.setup_module(Classifier())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-5))
    for epoch in range(3):
        train(fabric, model, optimizer, loader)


if __name__ == "__main__":
    main()
