# expect: LXF037
# oracle: RAISED TypeError: transformer_auto_wrap_policy() got an unexpected keyword argument 'unwrapped_params'
"""python train.py --wrap-policy transformer: Lightning's Fabric language-model example (the demo Transformer on WikiText-2) on a TPU pod slice with XLA FSDP, the wrap policy picked from a table."""
import argparse
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.fsdp.wrap import size_based_auto_wrap_policy, transformer_auto_wrap_policy
from torch.utils.data import DataLoader, TensorDataset, random_split

import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy
from lightning.pytorch.demos import Transformer

VOCAB_SIZE = 48
SEQ_LEN = 12

WRAP_POLICIES = {
    # one FSDP unit per encoder/decoder layer of the demo nn.Transformer
    "transformer": partial(
        transformer_auto_wrap_policy,
        transformer_layer_cls={nn.TransformerEncoderLayer, nn.TransformerDecoderLayer},
    ),
    # or: anything above ~1k parameters
    "size": partial(size_based_auto_wrap_policy, min_num_params=1_000),
}


def main(fabric: L.Fabric, hparams) -> None:
    L.seed_everything(42)

    # Data
    train_dataloader, val_dataloader = get_dataloaders(synthetic_wikitext2(), hparams.batch_size)

    # Model
    model = fabric.setup_module(Transformer(vocab_size=VOCAB_SIZE, ninp=16, nhead=2, nhid=32, nlayers=1))

    # Optimizer
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=hparams.lr))

    train_dataloader, val_dataloader = fabric.setup_dataloaders(train_dataloader, val_dataloader)
    train(fabric, model, optimizer, train_dataloader, val_dataloader, hparams.max_epochs)


def train(fabric, model, optimizer, train_dataloader, val_dataloader, max_epochs=20):
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
        fabric.clip_gradients(model, optimizer, max_norm=0.25)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"epoch: {epoch} - iteration: {batch_idx} - loss {loss.item():.4f}")


@torch.no_grad()
def validate(fabric, model, val_dataloader):
    fabric.print("Validating ...")
    model.eval()
    losses = torch.zeros(len(val_dataloader))
    for k, (input, target) in enumerate(val_dataloader):
        output = model(input, target)
        losses[k] = F.nll_loss(output, target.view(-1)).item()
    model.train()
    return losses.mean()


def synthetic_wikitext2(n: int = 20) -> TensorDataset:
    # WikiText2() downloads; token blocks of the same shape instead
    tokens = torch.randint(0, VOCAB_SIZE, (n, SEQ_LEN + 1), generator=torch.Generator().manual_seed(0))
    return TensorDataset(tokens[:, :-1], tokens[:, 1:])


def get_dataloaders(dataset, batch_size):
    n = len(dataset)
    train_dataset, val_dataset = random_split(dataset, [n - 4, 4], generator=torch.Generator().manual_seed(42))
    train_dataloader = DataLoader(train_dataset, batch_size=batch_size, shuffle=True)
    val_dataloader = DataLoader(val_dataset, batch_size=batch_size, shuffle=False)
    return train_dataloader, val_dataloader


def build_fabric(wrap_policy: str) -> L.Fabric:
    strategy = XLAFSDPStrategy(auto_wrap_policy=WRAP_POLICIES[wrap_policy])
    return L.Fabric(accelerator="tpu", strategy=strategy)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wrap-policy", choices=sorted(WRAP_POLICIES), default="transformer")
    parser.add_argument("--batch-size", type=int, default=4)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--max-epochs", type=int, default=1)
    hparams = parser.parse_args()
    fabric = build_fabric(hparams.wrap_policy)
    fabric.launch(main, hparams)
