# expect: none
# oracle: OK
# twin: s860_subcommand_finetune_set_defaults_accelerator_xla
"""python train.py {pretrain,finetune} [--steps N]: each sub-command sets its own hardware defaults."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=1e-3)
    sub = parser.add_subparsers(dest="mode", required=True)
    pre = sub.add_parser("pretrain")
    pre.set_defaults(accelerator="tpu", lr=3e-4)
    ft = sub.add_parser("finetune")
    ft.add_argument("--freeze-blocks", action="store_true")
    ft.set_defaults(accelerator="tpu", lr=1e-4)
    return parser


def train(fabric, steps, lr, freeze_blocks=False):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    params = [p for n, p in model.named_parameters() if not (freeze_blocks and "fc" in n)]
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(params or model.parameters(), lr=lr))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


def main(mode, accelerator, steps, lr, freeze_blocks=False):
    fabric = Fabric(accelerator=accelerator, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.print(f"{mode}: lr={lr}")
    fabric.launch(train, steps, lr, freeze_blocks)


if __name__ == "__main__":
    args = build_parser().parse_args(["finetune"])
    main(**vars(args))
