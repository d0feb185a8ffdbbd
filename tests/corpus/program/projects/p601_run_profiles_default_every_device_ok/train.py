# expect: none
# oracle: OK
# twin: p600_run_profiles_debug_default_one_device
"""python train.py: the run profile comes from the command line, `debug` by default."""
import argparse

import torch
from torch import nn

from launcher import fabric_for
from profiles import DEFAULT_PROFILE, PROFILES


def train(fabric, steps):
    model = fabric.setup_module(nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, batch_first=True), 2))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-4))
    for _ in range(steps):
        out = model(torch.randn(2, 8, 32, device=fabric.device))
        fabric.backward(out.float().pow(2).mean())
        optimizer.step()
        optimizer.zero_grad()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", choices=sorted(PROFILES), default=DEFAULT_PROFILE)
    args = parser.parse_args()
    fabric = fabric_for(args.profile)
    fabric.launch(train, PROFILES[args.profile].steps)


if __name__ == "__main__":
    main()
