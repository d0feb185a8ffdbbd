# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: cli.py
"""python train.py [--wrapper none|checkpoint] [--no-remat]: the block net on random data."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from cli import parse_args
from model import Net
from strategies import build_strategy


def train(fabric, args):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(args))
    fabric.launch(train, args)
