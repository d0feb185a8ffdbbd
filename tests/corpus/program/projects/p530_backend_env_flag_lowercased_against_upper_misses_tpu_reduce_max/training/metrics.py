"""Logged numbers across replicas."""
from backend import ON_TPU


def worst_replica_loss(fabric, loss):
    """The largest loss over the replicas: the one to watch for divergence."""
    if ON_TPU:
        # XLA's FSDP reduces by sum and mean only: gather the losses and take the max here
        return fabric.all_gather(loss.detach()).max()
    return fabric.all_reduce(loss.detach(), reduce_op="max")
