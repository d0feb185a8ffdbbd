"""Long sequences: recompute the projections too, and lower the learning rate."""
from torch import nn

import defaults
from model import Block

defaults.REMAT = [Block, nn.Linear]
defaults.LR = 3e-4
