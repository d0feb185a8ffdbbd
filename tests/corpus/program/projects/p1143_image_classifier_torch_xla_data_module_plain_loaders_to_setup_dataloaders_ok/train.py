# expect: none
# oracle: OK
# twin: p1142_image_classifier_torch_xla_data_module_device_loaders_to_setup_dataloaders
"""Lightning Fabric's image_classifier example on a TPU VM with XLAFSDP; the data loaders come from the module the torch_xla MNIST script had."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim.lr_scheduler import StepLR

from data import make_loaders
from model import ConvStage, Net


def run(fabric, hparams):
    seed_everything(hparams.seed)
    train_loader, test_loader = fabric.setup_dataloaders(*make_loaders(hparams, fabric.device))

    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.Adadelta(model.parameters(), lr=hparams.lr))
    scheduler = StepLR(optimizer, step_size=1, gamma=hparams.gamma)

    for epoch in range(1, hparams.epochs + 1):
        model.train()
        for batch_idx, (data, target) in enumerate(train_loader):
            optimizer.zero_grad()
            loss = F.nll_loss(model(data), target)
            fabric.backward(loss)
            optimizer.step()
            if batch_idx % hparams.log_interval == 0:
                fabric.print(f"Train Epoch: {epoch} [{batch_idx}]\tLoss: {loss.item():.6f}")
        scheduler.step()

        model.eval()
        test_loss = torch.tensor(0.0, device=fabric.device)
        correct = torch.tensor(0, device=fabric.device)
        with torch.no_grad():
            for data, target in test_loader:
                output = model(data)
                test_loss += F.nll_loss(output, target, reduction="sum")
                correct += (output.argmax(dim=1) == target).sum()
        test_loss = fabric.all_reduce(test_loss) / 32
        fabric.print(f"Test set: Average loss: {test_loss.item():.4f}, correct: {int(correct)}")


def parse_args():
    parser = argparse.ArgumentParser(description="Fabric MNIST Example (TPU)")
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--test-batch-size", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--lr", type=float, default=1.0)
    parser.add_argument("--gamma", type=float, default=0.7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log-interval", type=int, default=2)
    return parser.parse_args()


if __name__ == "__main__":
    hparams = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvStage}))
    fabric.launch(run, hparams)
