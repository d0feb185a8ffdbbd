"""Argument parsing and layer initialisation, as the example's utils.py has them."""
import argparse

import torch
from torch import nn


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--num-envs", type=int, default=4)
    parser.add_argument("--obs-dim", type=int, default=8)
    parser.add_argument("--num-actions", type=int, default=2)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--update-epochs", type=int, default=2)
    parser.add_argument("--activation-function", type=str, default="relu", choices=["relu", "tanh"])
    parser.add_argument("--ortho-init", action="store_true")
    return parser.parse_args(argv)


def layer_init(layer: nn.Linear, std: float = 2 ** 0.5, bias_const: float = 0.0, ortho_init: bool = True):
    if ortho_init:
        torch.nn.init.orthogonal_(layer.weight, std)
        torch.nn.init.constant_(layer.bias, bias_const)
    return layer
