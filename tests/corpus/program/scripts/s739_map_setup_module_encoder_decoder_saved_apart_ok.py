# expect: none
# oracle: OK
# twin: s738_map_setup_module_encoder_decoder_saved_together
"""python train.py: an autoencoder's encoder and decoder set up with map(fabric.setup_module, ...), each saved to its own path."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def build_parts(dim=64, latent=8):
    encoder = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, latent))
    decoder = nn.Sequential(nn.Linear(latent, 32), nn.ReLU(), nn.Linear(32, dim))
    return encoder, decoder


def train(fabric):
    encoder, decoder = map(fabric.setup_module, build_parts())
    params = list(encoder.parameters()) + list(decoder.parameters())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(params, lr=1e-3))
    for _ in range(2):
        x = torch.randn(16, 64, device=fabric.device)
        loss = F.mse_loss(decoder(encoder(x)), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.save("checkpoints/encoder", {"model": encoder})
    fabric.save("checkpoints/decoder", {"model": decoder})


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
