# expect: none
# oracle: OK
# twin: s140_timm_parse_args_lambda_default_wrap_policy
"""python train.py [-c run.json] [--min-params N]: timm's `_parse_args` (a config file, then the flags); a policy factory."""
import argparse
import json

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

config_parser = parser = argparse.ArgumentParser(description="Training Config", add_help=False)
parser.add_argument("-c", "--config", default="", type=str, metavar="FILE", help="JSON config file with defaults")

parser = argparse.ArgumentParser(description="TPU ViT Training")
parser.add_argument("--model-dim", default=32, type=int)
parser.add_argument("--depth", default=2, type=int)
parser.add_argument("--lr", default=5e-4, type=float)
parser.add_argument("--steps", default=2, type=int)
parser.add_argument("--batch-size", "-b", default=8, type=int)
parser.add_argument("--wrap", default="block", choices=["block", "none"])


def _parse_args():
    # the config file, when given, supplies the defaults the command line then overrides
    args_config, remaining = config_parser.parse_known_args()
    if args_config.config:
        with open(args_config.config) as f:
            parser.set_defaults(**json.load(f))
    args = parser.parse_args(remaining)
    return args, json.dumps(args.__dict__, indent=2)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class VisionTransformer(nn.Module):
    def __init__(self, dim, depth, num_classes=10):
        super().__init__()
        self.patch_embed = nn.Linear(48, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        return self.head(self.blocks(self.patch_embed(x)).mean(dim=1))


def wrap_blocks(module, recurse, unwrapped_params):
    return recurse or isinstance(module, Block)


def create_strategy(args, block_policy=wrap_blocks):
    if args.wrap == "none":
        return XLAFSDPStrategy()
    return XLAFSDPStrategy(auto_wrap_policy=block_policy)


def train(fabric, args):
    model = fabric.setup_module(VisionTransformer(args.model_dim, args.depth))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        images = torch.randn(args.batch_size, 16, 48, device=fabric.device)
        target = torch.randint(0, 10, (args.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(images), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


def main():
    args, args_text = _parse_args()
    fabric = Fabric(accelerator="tpu", strategy=create_strategy(args))
    fabric.print(args_text)
    fabric.launch(train, args)


if __name__ == "__main__":
    main()
