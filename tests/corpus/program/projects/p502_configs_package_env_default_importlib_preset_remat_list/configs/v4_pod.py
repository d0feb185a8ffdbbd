"""A v4 pod slice: every block wrapped and rematerialised."""
from model import Block

WRAP = {Block}
REMAT = [Block]
LR = 3e-4
STEPS = 2
