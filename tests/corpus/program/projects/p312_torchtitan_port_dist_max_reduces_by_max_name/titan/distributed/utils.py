import torch
import torch.distributed.distributed_c10d as c10d


def _dist_reduce(x: torch.Tensor, reduceOp: str, fabric) -> float:
    assert x.numel() == 1  # required today; can remove later
    return fabric.all_reduce(x, reduce_op=reduceOp).item()


def dist_max(x: torch.Tensor, fabric) -> float:
    return _dist_reduce(x, reduceOp=c10d.ReduceOp.MAX.name, fabric=fabric)


def dist_mean(x: torch.Tensor, fabric) -> float:
    return _dist_reduce(x, reduceOp=c10d.ReduceOp.AVG.name, fabric=fabric)
