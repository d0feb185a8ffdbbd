"""Builds the per-process entry point from the parsed command line."""
import torch

from .loop import run_epoch
from .models import ConvNet


def make_worker(args):
    widths = tuple(int(w) for w in args.widths.split(","))

    def worker(fabric):
        model = fabric.setup_module(ConvNet(widths=widths))
        optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, nesterov=True))
        for epoch in range(args.epochs):
            fabric.print(f"epoch {epoch}")
            run_epoch(fabric, model, optimizer, args.steps, args.batch_size)

    return worker
