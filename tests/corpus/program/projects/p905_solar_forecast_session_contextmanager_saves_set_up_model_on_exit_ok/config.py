import functools

import torch

LAGS = 24
HIDDEN = 64
STEPS = 4

make_optimizer = functools.partial(torch.optim.AdamW, lr=2e-3, betas=(0.9, 0.95), weight_decay=0.05)
