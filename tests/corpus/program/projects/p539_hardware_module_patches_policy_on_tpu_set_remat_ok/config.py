"""Sharding settings, as the GPU cluster's recipes write them; hardware.py adjusts them for the pod."""
from model import Block

POLICY = {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": [Block]}
