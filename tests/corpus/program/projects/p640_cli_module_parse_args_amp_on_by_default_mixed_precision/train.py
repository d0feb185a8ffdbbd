# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: train.py
"""python train.py [--no-amp] [--lr LR] [--steps N]"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import cli
from model import Block, Net


def train(fabric, args):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        x = torch.randn(args.batch_size, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (args.batch_size,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    args = cli.parse_args()
    precision = "bf16-mixed" if args.amp else "bf16-true"
    fabric = Fabric(accelerator="tpu", precision=precision, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
