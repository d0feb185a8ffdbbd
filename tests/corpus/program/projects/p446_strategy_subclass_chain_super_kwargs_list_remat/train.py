# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>]. You can try defining and passing `auto_w
# flagged-in: strategies/remat.py
"""python train.py [--no-remat]: train the block net, recomputing the blocks in backward unless told not to."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Block, Net
from strategies import BlockShardedStrategy, RematStrategy


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-remat", action="store_true")
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    strategy_cls = BlockShardedStrategy if args.no_remat else RematStrategy
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy_cls([Block], sequential_save=True))
    fabric.launch(train, args.steps)


if __name__ == "__main__":
    main()
