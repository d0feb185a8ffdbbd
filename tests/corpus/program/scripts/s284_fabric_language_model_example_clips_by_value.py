# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""python train.py: Lightning's Fabric language-model example (the demo Transformer on WikiText-2) moved to a TPU pod with XLA FSDP; the training loop keeps the example's gradient clipping."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset, random_split

import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy
from lightning.pytorch.demos import Transformer

VOCAB_SIZE = 64  # WikiText2().vocab_size, shrunk
BLOCK_SIZE = 8


def main(fabric):
    L.seed_everything(42)

    # Data
    dataset = fake_wikitext2()
    train_dataloader, val_dataloader, _ = get_dataloaders(dataset)

    # Model: set up before the optimizer, XLA FSDP shards the parameters
    model = fabric.setup_module(Transformer(vocab_size=VOCAB_SIZE, ninp=16, nhead=2, nhid=16, nlayers=1))

    # Optimizer
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))

    train_dataloader, val_dataloader = fabric.setup_dataloaders(train_dataloader, val_dataloader)
    train(fabric, model, optimizer, train_dataloader, val_dataloader)


def train(fabric, model, optimizer, train_dataloader, val_dataloader, max_epochs=1):
    for epoch in range(max_epochs):
        train_epoch(fabric, model, optimizer, train_dataloader, epoch)
        val_loss = validate(fabric, model, val_dataloader)
        fabric.print(f"val loss {val_loss.item():.4f}")


def train_epoch(fabric, model, optimizer, train_dataloader, epoch):
    for batch_idx, batch in enumerate(train_dataloader):
        input, target = batch
        output = model(input, target)
        loss = F.nll_loss(output, target.view(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, clip_val=0.25)
        optimizer.step()
        optimizer.zero_grad()

        if batch_idx % 200 == 0:
            fabric.print(f"epoch: {epoch} - iteration: {batch_idx} - loss {loss.item():.4f}")


@torch.no_grad()
def validate(fabric, model, val_dataloader):
    fabric.print("Validating ...")
    model.eval()
    losses = torch.zeros(len(val_dataloader))
    for k, batch in enumerate(val_dataloader):
        input, target = batch
        output = model(input, target)
        loss = F.nll_loss(output, target.view(-1))
        losses[k] = loss.item()
    out = losses.mean()
    model.train()
    return out


def fake_wikitext2(n=24):
    # stands in for lightning.pytorch.demos.WikiText2 (which downloads): (input, target) token blocks
    tokens = torch.randint(0, VOCAB_SIZE, (n, BLOCK_SIZE + 1))
    return TensorDataset(tokens[:, :-1], tokens[:, 1:])


def get_dataloaders(dataset):
    n = len(dataset)
    generator = torch.Generator().manual_seed(42)
    train_dataset, val_dataset, test_dataset = random_split(dataset, [n - 8, 4, 4], generator=generator)
    train_dataloader = DataLoader(train_dataset, batch_size=4, shuffle=True)
    val_dataloader = DataLoader(val_dataset, batch_size=4, shuffle=False)
    test_dataloader = DataLoader(test_dataset, batch_size=4, shuffle=False)
    return train_dataloader, val_dataloader, test_dataloader


if __name__ == "__main__":
    fabric = L.Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={nn.TransformerEncoderLayer, nn.TransformerDecoderLayer}),
    )
    fabric.launch(main)
