# expect: LXF045
# oracle: RAISED _pickle.PicklingError: Can't pickle <class 'lightning.fabric.wrappers.FabricSGD'>: attribute lookup FabricSGD on lightning.fabric.wrappers fail
# flagged-in: train.py
"""torchvision's references/classification/train.py on a TPU VM: Lightning Fabric + XLA FSDP in place of
torch.distributed + DDP.

Keeps the reference's layout and names: `get_args_parser`, `main(args)`, `train_one_epoch`, `evaluate`,
`load_data`, and utils.py's MetricLogger / SmoothedValue / `save_on_master` / `reduce_across_processes` /
`set_weight_decay`; `torchvision.models.get_model` is models.py's small registry. `main` runs under
`fabric.launch`, the model is set up before the optimizer (XLA FSDP), and the checkpoint hands Fabric the
set-up objects. ImageNet is replaced by random 3x32x32 images of 10 classes.
"""
import datetime
import os
import tempfile
import time
import warnings

import lightning as L
import torch
import torch.utils.data
import utils
from lightning.fabric.strategies import XLAFSDPStrategy
from models import get_model
from torch import nn


def train_one_epoch(fabric, model, criterion, optimizer, data_loader, epoch, args):
    model.train()
    metric_logger = utils.MetricLogger(delimiter="  ")
    metric_logger.add_meter("lr", utils.SmoothedValue(window_size=1, fmt="{value}"))
    metric_logger.add_meter("img/s", utils.SmoothedValue(window_size=10, fmt="{value}"))

    header = f"Epoch: [{epoch}]"
    for i, (image, target) in enumerate(metric_logger.log_every(data_loader, args.print_freq, header)):
        start_time = time.time()
        output = model(image)
        loss = criterion(output, target)

        optimizer.zero_grad()
        fabric.backward(loss)
        if args.clip_grad_norm is not None:
            fabric.clip_gradients(model, optimizer, max_norm=args.clip_grad_norm)
        optimizer.step()

        acc1, acc5 = utils.accuracy(output, target, topk=(1, 5))
        batch_size = image.shape[0]
        metric_logger.update(loss=loss.item(), lr=optimizer.param_groups[0]["lr"])
        metric_logger.meters["acc1"].update(acc1.item(), n=batch_size)
        metric_logger.meters["acc5"].update(acc5.item(), n=batch_size)
        metric_logger.meters["img/s"].update(batch_size / (time.time() - start_time))


def evaluate(model, criterion, data_loader, print_freq=100, log_suffix=""):
    model.eval()
    metric_logger = utils.MetricLogger(delimiter="  ")
    header = f"Test: {log_suffix}"

    num_processed_samples = 0
    with torch.no_grad():
        for image, target in metric_logger.log_every(data_loader, print_freq, header):
            output = model(image)
            loss = criterion(output, target)

            acc1, acc5 = utils.accuracy(output, target, topk=(1, 5))
            # FIXME need to take into account that the datasets
            # could have been padded in distributed setup
            batch_size = image.shape[0]
            metric_logger.update(loss=loss.item())
            metric_logger.meters["acc1"].update(acc1.item(), n=batch_size)
            metric_logger.meters["acc5"].update(acc5.item(), n=batch_size)
            num_processed_samples += batch_size
    # gather the stats from all processes

    num_processed_samples = utils.reduce_across_processes(num_processed_samples)
    if (
        hasattr(data_loader.dataset, "__len__")
        and len(data_loader.dataset) != num_processed_samples
        and utils.is_main_process()
    ):
        # See FIXME above
        warnings.warn(
            f"It looks like the dataset has {len(data_loader.dataset)} samples, but {num_processed_samples} "
            "samples were used for the validation, which might bias the results. "
            "Try adjusting the batch size and / or the world size. "
            "Setting the world size to 1 is always a safe bet."
        )

    metric_logger.synchronize_between_processes()

    utils.print_on_master(f"{header} Acc@1 {metric_logger.acc1.global_avg:.3f} Acc@5 {metric_logger.acc5.global_avg:.3f}")
    return metric_logger.acc1.global_avg


def load_data(args):
    # Data loading code
    print("Loading data")
    st = time.time()
    generator = torch.Generator().manual_seed(0)
    dataset = torch.utils.data.TensorDataset(
        torch.randn(32, 3, 32, 32, generator=generator), torch.randint(0, 10, (32,), generator=generator)
    )
    dataset_test = torch.utils.data.TensorDataset(
        torch.randn(16, 3, 32, 32, generator=generator), torch.randint(0, 10, (16,), generator=generator)
    )
    print("Took", time.time() - st)
    # Fabric's `setup_dataloaders` puts in the DistributedSampler
    train_sampler = torch.utils.data.RandomSampler(dataset)
    test_sampler = torch.utils.data.SequentialSampler(dataset_test)
    return dataset, dataset_test, train_sampler, test_sampler


def main(fabric, args):
    if args.output_dir:
        utils.mkdir(args.output_dir)

    utils.init_distributed_mode(fabric)
    utils.print_on_master(args)

    fabric.seed_everything(args.seed)

    dataset, dataset_test, train_sampler, test_sampler = load_data(args)
    num_classes = 10

    data_loader = torch.utils.data.DataLoader(
        dataset, batch_size=args.batch_size, sampler=train_sampler, num_workers=args.workers, drop_last=True
    )
    data_loader_test = torch.utils.data.DataLoader(
        dataset_test, batch_size=args.batch_size, sampler=test_sampler, num_workers=args.workers
    )
    data_loader, data_loader_test = fabric.setup_dataloaders(data_loader, data_loader_test)

    utils.print_on_master("Creating model")
    model = get_model(args.model, weights=args.weights, num_classes=num_classes)
    # XLA FSDP shards the parameters: set the model up before grouping them for the optimizer
    model = fabric.setup_module(model)

    criterion = nn.CrossEntropyLoss(label_smoothing=args.label_smoothing)

    parameters = utils.set_weight_decay(model, args.weight_decay, norm_weight_decay=args.norm_weight_decay)

    opt_name = args.opt.lower()
    if opt_name.startswith("sgd"):
        optimizer = torch.optim.SGD(
            parameters,
            lr=args.lr,
            momentum=args.momentum,
            weight_decay=args.weight_decay,
            nesterov="nesterov" in opt_name,
        )
    elif opt_name == "adamw":
        optimizer = torch.optim.AdamW(parameters, lr=args.lr, weight_decay=args.weight_decay)
    else:
        raise RuntimeError(f"Invalid optimizer {args.opt}. Only SGD and AdamW are supported.")
    optimizer = fabric.setup_optimizers(optimizer)

    args.lr_scheduler = args.lr_scheduler.lower()
    if args.lr_scheduler == "steplr":
        main_lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=args.lr_step_size, gamma=args.lr_gamma)
    elif args.lr_scheduler == "cosineannealinglr":
        main_lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(
            optimizer, T_max=args.epochs - args.lr_warmup_epochs, eta_min=args.lr_min
        )
    else:
        raise RuntimeError(
            f"Invalid lr scheduler '{args.lr_scheduler}'. Only StepLR and CosineAnnealingLR are supported."
        )

    if args.lr_warmup_epochs > 0:
        warmup_lr_scheduler = torch.optim.lr_scheduler.LinearLR(
            optimizer, start_factor=args.lr_warmup_decay, total_iters=args.lr_warmup_epochs
        )
        lr_scheduler = torch.optim.lr_scheduler.SequentialLR(
            optimizer, schedulers=[warmup_lr_scheduler, main_lr_scheduler], milestones=[args.lr_warmup_epochs]
        )
    else:
        lr_scheduler = main_lr_scheduler

    utils.print_on_master("Start training")
    start_time = time.time()
    for epoch in range(args.start_epoch, args.epochs):
        train_one_epoch(fabric, model, criterion, optimizer, data_loader, epoch, args)
        lr_scheduler.step()
        evaluate(model, criterion, data_loader_test)
        if args.output_dir:
            checkpoint = {
                "model": model,
                "optimizer": optimizer,
                "lr_scheduler": lr_scheduler,
                "epoch": epoch,
                "args": args,
            }
            utils.save_on_master(os.path.join(args.output_dir, f"model_{epoch}.pth"), checkpoint)

    total_time = time.time() - start_time
    total_time_str = str(datetime.timedelta(seconds=int(total_time)))
    utils.print_on_master(f"Training time {total_time_str}")


def get_args_parser(add_help=True):
    import argparse

    parser = argparse.ArgumentParser(description="PyTorch Classification Training (TPU, XLA FSDP)", add_help=add_help)

    parser.add_argument("--model", default="resnet_tiny", type=str, help="model name")
    parser.add_argument("--devices", default="auto", help="TPU cores to use (default: all of them)")
    parser.add_argument("-b", "--batch-size", default=8, type=int, help="images per core")
    parser.add_argument("--epochs", default=1, type=int, metavar="N", help="number of total epochs to run")
    parser.add_argument("-j", "--workers", default=0, type=int, metavar="N", help="number of data loading workers")
    parser.add_argument("--opt", default="sgd", type=str, help="optimizer")
    parser.add_argument("--lr", default=0.1, type=float, help="initial learning rate")
    parser.add_argument("--momentum", default=0.9, type=float, metavar="M", help="momentum")
    parser.add_argument("--wd", "--weight-decay", default=1e-4, type=float, metavar="W", dest="weight_decay")
    parser.add_argument("--norm-weight-decay", default=None, type=float)
    parser.add_argument("--label-smoothing", default=0.0, type=float, dest="label_smoothing")
    parser.add_argument("--lr-scheduler", default="steplr", type=str, help="the lr scheduler (default: steplr)")
    parser.add_argument("--lr-warmup-epochs", default=0, type=int, help="the number of epochs to warmup")
    parser.add_argument("--lr-warmup-decay", default=0.01, type=float, help="the decay for lr")
    parser.add_argument("--lr-step-size", default=30, type=int, help="decrease lr every step-size epochs")
    parser.add_argument("--lr-gamma", default=0.1, type=float, help="decrease lr by a factor of lr-gamma")
    parser.add_argument("--lr-min", default=0.0, type=float, help="minimum lr of lr schedule (default: 0.0)")
    parser.add_argument("--print-freq", default=10, type=int, help="print frequency")
    parser.add_argument("--output-dir", default=tempfile.mkdtemp(prefix="cls_"), type=str, help="path to save outputs")
    parser.add_argument("--start-epoch", default=0, type=int, metavar="N", help="start epoch")
    parser.add_argument("--seed", default=0, type=int)
    parser.add_argument("--clip-grad-norm", default=None, type=float, help="the maximum gradient norm (default None)")
    parser.add_argument("--weights", default=None, type=str, help="the weights enum name to load")
    return parser


if __name__ == "__main__":
    args = get_args_parser().parse_args()
    fabric = L.Fabric(accelerator="tpu", devices=args.devices, strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(main, args)
