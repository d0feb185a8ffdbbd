# expect: none
# oracle: OK
# twin: p746_timm_train_config_registry_sets_clip_mode_value
"""timm's train.py trimmed for a TPU pod: a named config fills the argparse defaults, training runs on Fabric with XLA FSDP."""
import argparse
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import REGISTRY
from timm_lite import create_model, create_optimizer_v2, dispatch_clip_grad
from timm_lite.models import Block

# The first arg parser parses out only the --config argument, this argument is used to
# load a config from configs/ which will update the defaults of the main parser below
config_parser = argparse.ArgumentParser(description="Training Config", add_help=False)
config_parser.add_argument("-c", "--config", default="vit_tiny_tpu", type=str, metavar="NAME", help="config name in configs/")

parser = argparse.ArgumentParser(description="PyTorch ImageNet Training")
parser.add_argument("--model", default="convnet_tiny", type=str, metavar="MODEL")
parser.add_argument("--num-classes", type=int, default=10, metavar="N")
parser.add_argument("--img-size", type=int, default=32, metavar="N")
parser.add_argument("-b", "--batch-size", type=int, default=16, metavar="N")
parser.add_argument("--epochs", type=int, default=1, metavar="N")
parser.add_argument("--steps-per-epoch", type=int, default=2, metavar="N")
parser.add_argument("--opt", default="sgd", type=str, metavar="OPTIMIZER")
parser.add_argument("--lr", type=float, default=0.1, metavar="LR")
parser.add_argument("--momentum", type=float, default=0.9, metavar="M")
parser.add_argument("--weight-decay", type=float, default=2e-5)
parser.add_argument("--clip-grad", type=float, default=None, metavar="NORM", help="Clip gradient norm (default: None, no clipping)")
parser.add_argument("--clip-mode", type=str, default="norm", help='Gradient clipping mode. One of ("norm", "value")')
parser.add_argument("--smoothing", type=float, default=0.1, help="Label smoothing (default: 0.1)")


def _parse_args():
    args_config, remaining = config_parser.parse_known_args()
    if args_config.config:
        parser.set_defaults(**REGISTRY[args_config.config])
    return parser.parse_args(remaining)


def train_one_epoch(epoch, fabric, model, optimizer, args):
    model.train()
    for batch_idx in range(args.steps_per_epoch):
        start = time.time()
        images = torch.randn(args.batch_size, 3, args.img_size, args.img_size, device=fabric.device)
        target = torch.randint(0, args.num_classes, (args.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(images), target, label_smoothing=args.smoothing)
        fabric.backward(loss)
        if args.clip_grad is not None:
            dispatch_clip_grad(fabric, model, optimizer, value=args.clip_grad, mode=args.clip_mode)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"Train: {epoch} [{batch_idx}/{args.steps_per_epoch}] Loss: {loss.item():.4f} Time: {time.time() - start:.3f}s")


def main(fabric, args):
    fabric.seed_everything(42)
    model = create_model(args.model, num_classes=args.num_classes, img_size=args.img_size)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(
        create_optimizer_v2(model, opt=args.opt, lr=args.lr, weight_decay=args.weight_decay, momentum=args.momentum)
    )
    for epoch in range(args.epochs):
        train_one_epoch(epoch, fabric, model, optimizer, args)


if __name__ == "__main__":
    args = _parse_args()
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, args)
