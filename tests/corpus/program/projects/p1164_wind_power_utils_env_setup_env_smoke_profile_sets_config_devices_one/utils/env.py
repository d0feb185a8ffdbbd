"""Process-wide setup: seeds, and the per-profile edits of the config module."""
import random

import torch

import config

PROFILES = ("full", "smoke")


def setup_env(profile: str = "full") -> None:
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}, expected one of {PROFILES}")
    random.seed(config.SEED)
    torch.manual_seed(config.SEED)
    if profile == "smoke":
        config.STEPS = 2
        config.BATCH = 8
        config.DEVICES = 1  # one core is plenty to see the loss go down
