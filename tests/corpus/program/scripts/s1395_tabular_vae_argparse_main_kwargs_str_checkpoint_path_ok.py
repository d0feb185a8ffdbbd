# expect: none
# oracle: OK
# twin: s1394_tabular_vae_argparse_main_kwargs_path_typed_out_dir_checkpoint
"""Tabular VAE for synthetic insurance claims; the CLI block parses flags and calls `main(**vars(args))`, which saves and reloads a sharded checkpoint."""
import argparse
import tempfile
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Encoder(nn.Module):
    def __init__(self, d_in, latent):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, 64), nn.ReLU(), nn.Linear(64, 2 * latent))

    def forward(self, x):
        return self.net(x).chunk(2, dim=-1)


class Decoder(nn.Module):
    def __init__(self, latent, d_out):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent, 64), nn.ReLU(), nn.Linear(64, d_out))

    def forward(self, z):
        return self.net(z)


class ClaimsVAE(nn.Module):
    def __init__(self, d_in=10, latent=4):
        super().__init__()
        self.enc, self.dec = Encoder(d_in, latent), Decoder(latent, d_in)

    def forward(self, x):
        mu, logvar = self.enc(x)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.dec(z), mu, logvar


def claims(n, device):
    age = torch.rand(n, 1, device=device)
    severity = age * 0.6 + 0.2 * torch.rand(n, 1, device=device)
    rest = torch.randn(n, 8, device=device) * 0.3 + severity
    return torch.cat([age, severity, rest], dim=1)


def elbo(recon, x, mu, logvar, beta):
    kl = -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())
    return F.mse_loss(recon, x) + beta * kl


def train(fabric, out_dir, steps, lr, beta, save_every):
    model = fabric.setup_module(ClaimsVAE())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=lr))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    last = None
    for step in range(1, steps + 1):
        x = claims(64, fabric.device)
        recon, mu, logvar = model(x)
        loss = elbo(recon, x, mu, logvar, beta)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.log_dict({"loss": loss.item(), "beta": beta}, step=step)
        if step % save_every == 0:
            state["step"] = step
            last = str(out_dir / f"step-{step:05d}")
            fabric.save(last, state)
    fabric.barrier()
    restored = {"model": model, "optimizer": optimizer, "step": 0}
    fabric.load(last, restored)
    fabric.print(f"resumed from step {restored['step']}")


def main(out_dir=None, steps=4, lr=1e-3, beta=0.5, save_every=2, seed=0, **unused):
    torch.manual_seed(seed)
    out_dir = out_dir or Path(tempfile.mkdtemp(prefix="claims_vae_"))
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Encoder, Decoder}))
    fabric.launch(train, out_dir, steps, lr, beta, save_every)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out-dir", type=Path, default=None)
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--beta", type=float, default=0.5)
    parser.add_argument("--save-every", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--wandb", action="store_true")
    args = parser.parse_args()
    main(**vars(args))
