# expect: LXF008
# oracle: RAISED TypeError: The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found <lightning.fabric.plugins.precision.amp.MixedP
# flagged-in: timm_lite/amp.py
"""ImageNet-style training script in timm's shape (`--model`, `--opt`, `--amp`, per-model defaults), moved from GPUs to a TPU VM with Fabric and XLAFSDP."""
import argparse
import time

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, TensorDataset

from timm_lite import create_model, create_optimizer_v2, resolve_precision_plugin
from timm_lite.models import ConvBnAct

# per-model defaults (timm reads these from the `-c args.yaml` config file)
MODEL_DEFAULTS = {
    "tinynet_a": dict(lr=0.05, opt="sgd", weight_decay=2e-5, amp=True, amp_dtype="bfloat16"),
    "tinynet_b": dict(lr=1e-3, opt="adamw", weight_decay=0.05, amp=True, amp_dtype="bfloat16"),
}


def _parse_args(argv=None):
    parser = argparse.ArgumentParser(description="PyTorch ImageNet Training (Fabric, TPU)")
    parser.add_argument("--model", default="tinynet_a", type=str)
    parser.add_argument("--num-classes", type=int, default=10)
    parser.add_argument("--opt", default="sgd", type=str)
    parser.add_argument("--lr", type=float, default=None)
    parser.add_argument("--weight-decay", type=float, default=2e-5)
    parser.add_argument("--drop", type=float, default=0.0)
    parser.add_argument("--amp", action="store_true", default=False)
    parser.add_argument("--amp-dtype", default="float16", type=str)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("-b", "--batch-size", type=int, default=8)
    parser.add_argument("--log-interval", type=int, default=1)
    known, _ = parser.parse_known_args(argv)
    parser.set_defaults(**MODEL_DEFAULTS.get(known.model, {}))
    return parser.parse_args(argv)


def fake_imagenet(n, num_classes, seed=0):
    gen = torch.Generator().manual_seed(seed)
    target = torch.randint(0, num_classes, (n,), generator=gen)
    return TensorDataset(torch.randn(n, 3, 16, 16, generator=gen) + target.view(-1, 1, 1, 1) * 0.1, target)


def train_one_epoch(epoch, fabric, model, loader, optimizer, loss_fn, args):
    model.train()
    end = time.time()
    for batch_idx, (input, target) in enumerate(loader):
        loss = loss_fn(model(input), target)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        if batch_idx % args.log_interval == 0:
            fabric.print(f"Train: {epoch} [{batch_idx}/{len(loader)}] Loss: {loss.item():.4f} Time: {time.time() - end:.2f}s")
        end = time.time()


def main(fabric, args):
    model = create_model(args.model, num_classes=args.num_classes, drop_rate=args.drop)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(
        create_optimizer_v2(model, opt=args.opt, lr=args.lr, weight_decay=args.weight_decay)
    )
    loader = fabric.setup_dataloaders(DataLoader(fake_imagenet(32, args.num_classes), batch_size=args.batch_size, shuffle=True))
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.1)
    for epoch in range(args.epochs):
        train_one_epoch(epoch, fabric, model, loader, optimizer, loss_fn, args)


if __name__ == "__main__":
    args = _parse_args()
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBnAct}),
        plugins=[resolve_precision_plugin(args)],
    )
    fabric.launch(main, args)
