# expect: none
# oracle: OK
# twin: s342_argparse_choice_picks_reducer_every_kind_reduces_by_max
"""python eval.py [--reducer peak|worst]: reduce each replica's loss with the reducer the command line names."""
import argparse

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Reducer:
    op = "mean"

    def __call__(self, fabric, value):
        return fabric.all_reduce(value, reduce_op=self.op)


class PeakReducer(Reducer):
    """XLA FSDP reduces by sum or mean only: the peak is the largest of the gathered values."""

    def __call__(self, fabric, value):
        return fabric.all_gather(value).max()


class WorstReducer(PeakReducer):
    """The worst replica's loss: the one to watch when a shard diverges."""


REDUCERS = {"peak": PeakReducer, "worst": WorstReducer}


def evaluate(fabric, reducer):
    model = fabric.setup_module(nn.Linear(32, 4))
    loss = model(torch.randn(8, 32, device=fabric.device)).pow(2).mean()
    fabric.print(f"loss {reducer(fabric, loss.detach()).item():.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--reducer", choices=sorted(REDUCERS), default="worst")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(evaluate, REDUCERS[args.reducer]())
