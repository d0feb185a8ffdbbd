# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
# flagged-in: timm_lite/utils/checkpoint_saver.py
""" ImageNet Training Script, timm-style, on a TPU VM with Lightning Fabric + XLA FSDP

Follows pytorch-image-models' train.py (trimmed): `_parse_args`, `main()` with `create_model` from the model
registry, the optimizer, `CheckpointSaver` and the eval-metric tracking, `train_one_epoch` and `validate` with
AverageMeters. The Fabric port replaces `init_distributed_device`, DDP and `reduce_tensor`; every process builds
the saver, since XLA FSDP saves shards from all of them. The timm parts used are vendored in timm_lite/;
ImageNet is replaced by random 3x32x32 images of 10 classes.

Hacked together by / Copyright 2020 Ross Wightman (https://github.com/rwightman)
"""
import argparse
import logging
import os
import tempfile
import time
from collections import OrderedDict

import lightning as L
import torch
import torch.nn as nn
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, TensorDataset

from timm_lite import utils
from timm_lite.models import create_model, list_models
from timm_lite.models.vision_transformer import Block

_logger = logging.getLogger('train')

parser = argparse.ArgumentParser(description='PyTorch ImageNet Training (TPU, XLA FSDP)')

# Model parameters
group = parser.add_argument_group('Model parameters')
group.add_argument('--model', default='vit_pico_patch4_32', type=str, metavar='MODEL',
                   help='Name of model to train (default: "vit_pico_patch4_32")')
group.add_argument('--pretrained', action='store_true', default=False,
                   help='Start with pretrained version of specified network (if avail)')
group.add_argument('--num-classes', type=int, default=10, metavar='N',
                   help='number of label classes (Model default if None)')
group.add_argument('-b', '--batch-size', type=int, default=8, metavar='N',
                   help='Input batch size for training (default: 8)')
group.add_argument('-vb', '--validation-batch-size', type=int, default=None, metavar='N',
                   help='Validation batch size override (default: None)')

# Optimizer parameters
group = parser.add_argument_group('Optimizer parameters')
group.add_argument('--opt', default='adamw', type=str, metavar='OPTIMIZER',
                   help='Optimizer (default: "adamw")')
group.add_argument('--weight-decay', type=float, default=0.05,
                   help='weight decay (default: 0.05)')
group.add_argument('--clip-grad', type=float, default=None, metavar='NORM',
                   help='Clip gradient norm (default: None, no clipping)')

# Learning rate schedule parameters
group = parser.add_argument_group('Learning rate schedule parameters')
group.add_argument('--lr', type=float, default=1e-3, metavar='LR',
                   help='learning rate, overrides lr-base if set (default: 1e-3)')
group.add_argument('--min-lr', type=float, default=0, metavar='LR',
                   help='lower lr bound for cyclic schedulers that hit 0 (default: 0)')
group.add_argument('--epochs', type=int, default=2, metavar='N',
                   help='number of epochs to train (default: 2)')

# Regularization parameters
group = parser.add_argument_group('Regularization parameters')
group.add_argument('--drop', type=float, default=0.0, metavar='PCT',
                   help='Dropout rate (default: 0.)')

# Misc
group = parser.add_argument_group('Miscellaneous parameters')
group.add_argument('--seed', type=int, default=42, metavar='S',
                   help='random seed (default: 42)')
group.add_argument('--log-interval', type=int, default=50, metavar='N',
                   help='how many batches to wait before logging training status')
group.add_argument('--checkpoint-hist', type=int, default=10, metavar='N',
                   help='number of checkpoints to keep (default: 10)')
group.add_argument('--devices', default='auto',
                   help='TPU cores to use (default: all of the host)')
group.add_argument('--output', default='', type=str, metavar='PATH',
                   help='path to output folder (default: none, current dir)')
group.add_argument('--experiment', default='', type=str, metavar='NAME',
                   help='name of train experiment, name of sub-folder for output')
group.add_argument('--eval-metric', default='top1', type=str, metavar='EVAL_METRIC',
                   help='Best metric (default: "top1"')


def _parse_args():
    args = parser.parse_args()
    # Cache the args as a text string to save them in the output dir later
    args_text = str(vars(args))
    return args, args_text


def fake_imagenet(n, num_classes, seed):
    generator = torch.Generator().manual_seed(seed)
    return TensorDataset(torch.randn(n, 3, 32, 32, generator=generator),
                         torch.randint(0, num_classes, (n,), generator=generator))


def main():
    logging.basicConfig(level=logging.INFO)
    args, args_text = _parse_args()

    fabric = L.Fabric(
        accelerator='tpu',
        devices=args.devices,
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type='sharded'),
    )
    fabric.launch(train, args, args_text)


def train(fabric, args, args_text):
    args.world_size = fabric.world_size
    args.rank = fabric.global_rank
    if args.world_size > 1:
        _logger.info(
            'Training in distributed mode with multiple processes, 1 device per process.'
            f'Process {args.rank}, total {args.world_size}.')
    fabric.seed_everything(args.seed + args.rank)

    assert args.model in list_models(), f'unknown model {args.model}'
    model = create_model(
        args.model,
        pretrained=args.pretrained,
        num_classes=args.num_classes,
        drop_rate=args.drop,
    )

    if fabric.is_global_zero:
        _logger.info(
            f'Model {args.model} created, param count:{sum([m.numel() for m in model.parameters()])}')

    # XLA FSDP: set the model up (shard it) before the optimizer is built from its parameters
    model = fabric.setup_module(model)

    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    optimizer = fabric.setup_optimizers(optimizer)

    lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=args.epochs, eta_min=args.min_lr)
    start_epoch = 0
    num_epochs = args.epochs

    # create the train and eval datasets / loaders
    loader_train = DataLoader(fake_imagenet(32, args.num_classes, 0), batch_size=args.batch_size, shuffle=True,
                              drop_last=True)
    loader_eval = DataLoader(fake_imagenet(16, args.num_classes, 1),
                             batch_size=args.validation_batch_size or args.batch_size)
    loader_train, loader_eval = fabric.setup_dataloaders(loader_train, loader_eval)

    # setup loss function
    train_loss_fn = nn.CrossEntropyLoss()
    validate_loss_fn = nn.CrossEntropyLoss()

    # setup checkpoint saver and eval metric tracking
    eval_metric = args.eval_metric
    decreasing_metric = eval_metric == 'loss'
    best_metric = None
    best_epoch = None
    exp_name = args.experiment or '-'.join([time.strftime('%Y%m%d-%H%M%S'), args.model])
    output_dir = os.path.join(args.output or tempfile.mkdtemp(prefix='train_'), exp_name)
    if fabric.is_global_zero:
        os.makedirs(output_dir, exist_ok=True)
        with open(os.path.join(output_dir, 'args.txt'), 'w') as f:
            f.write(args_text)
    fabric.barrier()
    saver = utils.CheckpointSaver(
        fabric=fabric,
        model=model,
        optimizer=optimizer,
        args=args,
        checkpoint_dir=output_dir,
        decreasing=decreasing_metric,
        max_history=args.checkpoint_hist,
    )

    try:
        for epoch in range(start_epoch, num_epochs):
            train_metrics = train_one_epoch(
                fabric,
                epoch,
                model,
                loader_train,
                optimizer,
                train_loss_fn,
                args,
                lr_scheduler=lr_scheduler,
            )

            eval_metrics = validate(
                fabric,
                model,
                loader_eval,
                validate_loss_fn,
                args,
            )

            if lr_scheduler is not None:
                # step LR for next epoch
                lr_scheduler.step()

            fabric.print(f'Epoch {epoch}: train {dict(train_metrics)} eval {dict(eval_metrics)}')

            if saver is not None:
                # save proper checkpoint with eval metric
                save_metric = eval_metrics[eval_metric]
                best_metric, best_epoch = saver.save_checkpoint(epoch, metric=save_metric)

    except KeyboardInterrupt:
        pass

    if best_metric is not None:
        _logger.info('*** Best metric: {0} (epoch {1})'.format(best_metric, best_epoch))


def train_one_epoch(
        fabric,
        epoch,
        model,
        loader,
        optimizer,
        loss_fn,
        args,
        lr_scheduler=None,
):
    batch_time_m = utils.AverageMeter()
    data_time_m = utils.AverageMeter()
    losses_m = utils.AverageMeter()

    model.train()

    end = time.time()
    num_batches_per_epoch = len(loader)
    last_idx = num_batches_per_epoch - 1
    for batch_idx, (input, target) in enumerate(loader):
        last_batch = batch_idx == last_idx
        data_time_m.update(time.time() - end)

        output = model(input)
        loss = loss_fn(output, target)

        optimizer.zero_grad()
        fabric.backward(loss)
        if args.clip_grad is not None:
            fabric.clip_gradients(model, optimizer, max_norm=args.clip_grad)
        optimizer.step()

        losses_m.update(loss.item(), input.size(0))
        batch_time_m.update(time.time() - end)
        if last_batch or batch_idx % args.log_interval == 0:
            lrl = [param_group['lr'] for param_group in optimizer.param_groups]
            lr = sum(lrl) / len(lrl)
            fabric.print(
                f'Train: {epoch} [{batch_idx:>4d}/{len(loader)} '
                f'({100. * batch_idx / last_idx:>3.0f}%)]  '
                f'Loss: {losses_m.val:#.3g} ({losses_m.avg:#.3g})  '
                f'LR: {lr:.3e}  '
                f'Data: {data_time_m.val:.3f} ({data_time_m.avg:.3f})'
            )
        end = time.time()
        # end for

    return OrderedDict([('loss', losses_m.avg)])


def validate(
        fabric,
        model,
        loader,
        loss_fn,
        args,
        log_suffix=''
):
    batch_time_m = utils.AverageMeter()
    losses_m = utils.AverageMeter()
    top1_m = utils.AverageMeter()
    top5_m = utils.AverageMeter()

    model.eval()

    end = time.time()
    last_idx = len(loader) - 1
    with torch.no_grad():
        for batch_idx, (input, target) in enumerate(loader):
            last_batch = batch_idx == last_idx
            output = model(input)
            loss = loss_fn(output, target)
            acc1, acc5 = utils.accuracy(output, target, topk=(1, 5))

            if args.world_size > 1:
                reduced_loss = fabric.all_reduce(loss.data, reduce_op='mean')
                acc1 = fabric.all_reduce(acc1, reduce_op='mean')
                acc5 = fabric.all_reduce(acc5, reduce_op='mean')
            else:
                reduced_loss = loss.data

            losses_m.update(reduced_loss.item(), input.size(0))
            top1_m.update(acc1.item(), output.size(0))
            top5_m.update(acc5.item(), output.size(0))

            batch_time_m.update(time.time() - end)
            end = time.time()
            if last_batch:
                log_name = 'Test' + log_suffix
                fabric.print(
                    f'{log_name}: [{batch_idx:>4d}/{last_idx}]  '
                    f'Loss: {losses_m.val:>7.3f} ({losses_m.avg:>6.3f})  '
                    f'Acc@1: {top1_m.val:>7.3f} ({top1_m.avg:>7.3f})  '
                    f'Acc@5: {top5_m.val:>7.3f} ({top5_m.avg:>7.3f})'
                )

    metrics = OrderedDict([('loss', losses_m.avg), ('top1', top1_m.avg), ('top5', top5_m.avg)])

    return metrics


if __name__ == '__main__':
    main()
