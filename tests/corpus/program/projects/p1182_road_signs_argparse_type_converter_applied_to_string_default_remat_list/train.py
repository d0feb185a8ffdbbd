# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.ConvBlock'>]. You can try defining and passing `au
# flagged-in: utils/layers.py
"""python train.py [--shard-layers A,B] [--remat-layers A,B]: road-sign classifier under XLA FSDP with activation checkpointing."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from data import sign_batch
from model import SignNet
from options import parse_args


def train(fabric, args):
    model = fabric.setup_module(SignNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        img, label = sign_batch(args.batch_size, seed=step)
        loss = F.cross_entropy(model(img.to(fabric.device)), label.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def strategy_for(args):
    return XLAFSDPStrategy(
        auto_wrap_policy=set(args.shard_layers),
        activation_checkpointing_policy=args.remat_layers,
    )


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=strategy_for(args))
    fabric.launch(train, args)
