# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
# flagged-in: utils/dist.py
"""python train.py: class-weighted fraud scorer on synthetic card transactions, with gradient accumulation and precision@k."""
import logging
from argparse import ArgumentParser

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from fraud.data import NUM_FEATURES, transactions
from fraud.model import FraudScorer, GatedBlock
from utils.dist import build_fabric


def parse():
    p = ArgumentParser()
    p.add_argument("--accelerator", default="tpu")
    p.add_argument("--devices", default="auto")
    p.add_argument("--precision", default="32-true")
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--accumulate", type=int, default=2)
    p.add_argument("--optimizer-steps", type=int, default=2)
    p.add_argument("--top-k", type=int, default=20)
    return p.parse_args()


@torch.no_grad()
def precision_at_k(model, x, y, k):
    scores = model(x).squeeze(1)
    return y.squeeze(1)[scores.topk(k).indices].mean().item()


def run(fabric, args):
    x, y = transactions(1024)
    pos_weight = torch.tensor([(1 - y.mean()) / y.mean().clamp(min=1e-3)])
    loader = fabric.setup_dataloaders(DataLoader(TensorDataset(x[:768], y[:768]), batch_size=args.batch_size, shuffle=True))
    val_x, val_y, pos_weight = fabric.to_device((x[768:], y[768:], pos_weight))
    model = fabric.setup_module(FraudScorer(NUM_FEATURES))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))

    batches = iter(loader)
    for step in range(args.optimizer_steps):
        for micro in range(args.accumulate):
            xb, yb = next(batches)
            with fabric.no_backward_sync(model, enabled=micro < args.accumulate - 1):
                loss = F.binary_cross_entropy_with_logits(model(xb), yb, pos_weight=pos_weight)
                fabric.backward(loss / args.accumulate)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f} p@{args.top_k} {precision_at_k(model, val_x, val_y, args.top_k):.2f}")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    args = parse()
    fabric = build_fabric(args, [GatedBlock])
    fabric.launch(run, args)
