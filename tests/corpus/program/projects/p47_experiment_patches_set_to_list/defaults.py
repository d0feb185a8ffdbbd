"""Defaults of every run; an experiment module changes them by assignment when it is imported."""
from model import Block

WRAP = {Block}
REMAT = {Block}
LR = 1e-3
