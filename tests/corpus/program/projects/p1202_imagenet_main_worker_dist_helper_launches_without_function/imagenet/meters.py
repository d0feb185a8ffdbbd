"""AverageMeter / ProgressMeter / accuracy from imagenet/main.py; `all_reduce` goes through Fabric instead of torch.distributed."""
import torch


class AverageMeter:
    def __init__(self, name, fmt=":f"):
        self.name, self.fmt = name, fmt
        self.val = self.avg = self.sum = self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count

    def all_reduce(self, fabric):
        total = fabric.all_reduce(torch.tensor([self.sum, self.count], dtype=torch.float32), reduce_op="sum")
        self.sum, self.count = total.tolist()
        self.avg = self.sum / self.count

    def __str__(self):
        return ("{name} {val" + self.fmt + "} ({avg" + self.fmt + "})").format(**self.__dict__)


class ProgressMeter:
    def __init__(self, num_batches, meters, prefix=""):
        self.num_batches, self.meters, self.prefix = num_batches, meters, prefix

    def display(self, batch):
        return "\t".join([f"{self.prefix}[{batch}/{self.num_batches}]"] + [str(m) for m in self.meters])


def accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        maxk = max(topk)
        _, pred = output.topk(maxk, 1, True, True)
        correct = pred.t().eq(target.view(1, -1).expand_as(pred.t()))
        return [correct[:k].reshape(-1).float().sum(0) * (100.0 / target.size(0)) for k in topk]
