# expect: LXF010
# oracle: RAISED ValueError: Device should be CPU, got xla:0 instead.
"""pytorch/examples mnist/main.py on a TPU VM through Fabric + XLA FSDP (synthetic 28x28 digits, one short epoch)."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn, optim
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, 1)
        self.conv2 = nn.Conv2d(8, 16, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.fc1 = nn.Linear(2304, 64)
        self.fc2 = nn.Linear(64, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(self.dropout1(x), 1)
        x = F.relu(self.fc1(x))
        return F.log_softmax(self.fc2(x), dim=1)


def get_args(argv=None):
    parser = argparse.ArgumentParser(description="PyTorch MNIST Example")
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--lr", type=float, default=1.0)
    parser.add_argument("--gamma", type=float, default=0.7)
    parser.add_argument("--devices", type=int, default=8, help="TPU cores to train on")
    parser.add_argument("--no-accel", action="store_true", help="disables accelerator")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--log-interval", type=int, default=2)
    return parser.parse_args(argv)


def pick_accelerator(args):
    """The example's `use_accel` switch, mapped onto Fabric accelerator names."""
    use_accel = not args.no_accel and torch.cuda.is_available()
    return "tpu" if use_accel else "cpu"


def fake_mnist(n, seed):
    g = torch.Generator().manual_seed(seed)
    return TensorDataset(torch.rand(n, 1, 28, 28, generator=g), torch.randint(0, 10, (n,), generator=g))


def train(args, model, fabric, train_loader, optimizer, epoch):
    model.train()
    for batch_idx, (data, target) in enumerate(train_loader):
        optimizer.zero_grad()
        loss = F.nll_loss(model(data), target)
        fabric.backward(loss)
        optimizer.step()
        if batch_idx % args.log_interval == 0:
            fabric.print(f"Train Epoch: {epoch} [{batch_idx * len(data)}]\tLoss: {loss.item():.6f}")
            if args.dry_run:
                break


def test(model, fabric, test_loader):
    model.eval()
    test_loss = torch.zeros((), device=fabric.device)
    correct = torch.zeros((), device=fabric.device)
    with torch.no_grad():
        for data, target in test_loader:
            output = model(data)
            test_loss += F.nll_loss(output, target, reduction="sum")
            correct += output.argmax(dim=1).eq(target).sum()
    fabric.print(f"Test set: Average loss: {test_loss.item() / len(test_loader.dataset):.4f}, correct {int(correct.item())}")


def main(fabric, args):
    torch.manual_seed(1)
    train_loader, test_loader = fabric.setup_dataloaders(
        DataLoader(fake_mnist(64, 0), batch_size=args.batch_size, shuffle=True),
        DataLoader(fake_mnist(32, 1), batch_size=args.batch_size),
    )
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(optim.Adadelta(model.parameters(), lr=args.lr))
    scheduler = StepLR(optimizer, step_size=1, gamma=args.gamma)
    for epoch in range(1, args.epochs + 1):
        train(args, model, fabric, train_loader, optimizer, epoch)
        test(model, fabric, test_loader)
        scheduler.step()


if __name__ == "__main__":
    args = get_args([])
    fabric = Fabric(accelerator=pick_accelerator(args), devices=args.devices, strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(main, args)
