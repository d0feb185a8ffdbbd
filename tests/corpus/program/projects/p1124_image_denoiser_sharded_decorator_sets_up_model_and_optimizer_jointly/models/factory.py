"""Model builders return the bare model and how to make its optimizer; `@sharded` sets both up."""
import functools

import torch

from models.residual import ResidualDenoiser
from utils.dist import sharded


@sharded(move_to_device=True)
def build_denoiser(width=128, lr=2e-3):
    model = ResidualDenoiser(width=width)
    make_optimizer = functools.partial(torch.optim.AdamW, lr=lr, betas=(0.9, 0.99), weight_decay=0.0)
    return model, make_optimizer
