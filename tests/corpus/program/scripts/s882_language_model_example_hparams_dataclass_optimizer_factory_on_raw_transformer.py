# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""Lightning's fabric/language_model example on a TPU: a dataclass of hyper-parameters carries the optimizer factory, `build()` returns model and optimizer."""
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

import lightning as L
import torch
import torch.nn.functional as F
from lightning.fabric.strategies import XLAFSDPStrategy
from lightning.pytorch.demos import Transformer
from torch.utils.data import DataLoader, TensorDataset, random_split


@dataclass
class HParams:
    vocab_size: int = 128
    seq_len: int = 16
    batch_size: int = 8
    max_steps: int = 2
    model_kwargs: dict = field(default_factory=lambda: dict(ninp=32, nhead=2, nhid=64, nlayers=1, dropout=0.0))
    optimizer: Callable = partial(torch.optim.SGD, lr=0.1, momentum=0.9)


def get_dataloaders(h: HParams):
    tokens = torch.randint(0, h.vocab_size, (64, h.seq_len + 1))
    dataset = TensorDataset(tokens[:, :-1], tokens[:, 1:])
    train, val = random_split(dataset, [48, 16], generator=torch.Generator().manual_seed(42))
    return DataLoader(train, batch_size=h.batch_size, shuffle=True), DataLoader(val, batch_size=h.batch_size)


def build(h: HParams):
    model = Transformer(vocab_size=h.vocab_size, **h.model_kwargs)
    return model, h.optimizer(model.parameters())


def train(fabric, model, optimizer, train_dataloader, val_dataloader, max_steps):
    for batch_idx, (inputs, target) in enumerate(train_dataloader):
        output = model(inputs, target)
        loss = F.nll_loss(output, target.view(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=0.25)
        optimizer.step()
        optimizer.zero_grad()
        if batch_idx + 1 >= max_steps:
            break
    val_loss = validate(fabric, model, val_dataloader)
    fabric.print(f"val loss {val_loss.item():.4f}")


@torch.no_grad()
def validate(fabric, model, val_dataloader):
    model.eval()
    losses = [F.nll_loss(model(inputs, target), target.view(-1)) for inputs, target in val_dataloader]
    model.train()
    return fabric.all_reduce(torch.stack(losses).mean(), reduce_op="mean")


def main(fabric, h: HParams):
    fabric.seed_everything(42)
    train_dataloader, val_dataloader = fabric.setup_dataloaders(*get_dataloaders(h))
    model, optimizer = build(h)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    train(fabric, model, optimizer, train_dataloader, val_dataloader, h.max_steps)


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(main, HParams())
