"""A quick check: no rematerialisation, one step."""
from model import Block

WRAP = {Block}
REMAT = None
LR = 1e-3
STEPS = 1
