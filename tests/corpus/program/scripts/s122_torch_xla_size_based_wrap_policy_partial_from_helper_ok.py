# expect: none
# oracle: OK
# twin: s121_torch_size_based_wrap_policy_partial_from_helper
"""python script.py --min-params 500: a helper returns a partial of the size-based wrap policy."""
import argparse
from functools import partial

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(4, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (4,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


def wrap_policy(min_params):
    return partial(size_based_auto_wrap_policy, min_num_params=min_params)


def make_strategy(args):
    return XLAFSDPStrategy(auto_wrap_policy=wrap_policy(args.min_params), state_dict_type="sharded")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--min-params", type=int, default=500)
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(parser.parse_args()))
    fabric.launch(train)
