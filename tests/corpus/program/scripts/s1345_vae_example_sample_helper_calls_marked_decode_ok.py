# expect: none
# oracle: OK
# twin: s1344_vae_example_sample_helper_calls_decode_on_set_up_model
"""pytorch/examples vae/main.py (fully connected VAE on synthetic 28x28 images) on TPU via Fabric + XLA FSDP."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

LATENT = 20


class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(784, 200)
        self.fc21 = nn.Linear(200, LATENT)
        self.fc22 = nn.Linear(200, LATENT)
        self.fc3 = nn.Linear(LATENT, 200)
        self.fc4 = nn.Linear(200, 784)

    def encode(self, x):
        h1 = F.relu(self.fc1(x))
        return self.fc21(h1), self.fc22(h1)

    def reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        return mu + torch.randn_like(std) * std

    def decode(self, z):
        h3 = F.relu(self.fc3(z))
        return torch.sigmoid(self.fc4(h3))

    def forward(self, x):
        mu, logvar = self.encode(x.view(-1, 784))
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar


def loss_function(recon_x, x, mu, logvar):
    bce = F.binary_cross_entropy(recon_x, x.view(-1, 784), reduction="sum")
    kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return bce + kld


def sample_grid(fabric, model, n=16):
    """Like the example's `sample = model.decode(torch.randn(64, 20))` after each epoch."""
    model.eval()
    with torch.no_grad():
        z = torch.randn(n, LATENT, device=fabric.device)
        sample = model.decode(z).view(n, 1, 28, 28)
    model.train()
    return sample


def run(fabric, args):
    torch.manual_seed(args.seed)
    data = TensorDataset(torch.rand(64, 1, 28, 28))
    loader = fabric.setup_dataloaders(DataLoader(data, batch_size=args.batch_size, shuffle=True))
    model = fabric.setup_module(VAE())
    model.mark_forward_method("decode")
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for epoch in range(1, args.epochs + 1):
        train_loss = 0.0
        for (x,) in loader:
            optimizer.zero_grad()
            recon, mu, logvar = model(x)
            loss = loss_function(recon, x, mu, logvar)
            fabric.backward(loss)
            optimizer.step()
            train_loss += loss.item()
        fabric.print(f"====> Epoch: {epoch} Average loss: {train_loss / len(loader.dataset):.4f}")
        grid = sample_grid(fabric, model)
        fabric.print(f"sample grid {tuple(grid.shape)}, mean intensity {grid.mean().item():.3f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="VAE MNIST Example")
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args([])
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(run, args)
