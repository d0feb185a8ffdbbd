# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# flagged-in: trainer.py
"""Lightning's examples/fabric/build_your_own_trainer/run.py: train the MNISTModule with MyCustomTrainer, here with XLA FSDP on a TPU VM."""
import tempfile

import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from module import MNISTModule
from trainer import MyCustomTrainer


def fake_mnist(n: int, seed: int) -> TensorDataset:
    """torchvision's MNIST downloads; 16x16 random "digits" with labels keep the shapes."""
    g = torch.Generator().manual_seed(seed)
    return TensorDataset(torch.randn(n, 1, 16, 16, generator=g), torch.randint(0, 10, (n,), generator=g))


def train(model):
    train_loader = DataLoader(fake_mnist(64, 0), batch_size=16, shuffle=True)
    val_loader = DataLoader(fake_mnist(32, 1), batch_size=16, shuffle=False)

    # the Linear layers hold every parameter: one FSDP unit each
    trainer = MyCustomTrainer(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}),
        devices="auto",
        limit_train_batches=3,
        limit_val_batches=2,
        max_epochs=1,
        checkpoint_dir=tempfile.mkdtemp(prefix="byot_"),
    )
    trainer.fit(model, train_loader, val_loader)


if __name__ == "__main__":
    L.seed_everything(42)
    train(MNISTModule())
