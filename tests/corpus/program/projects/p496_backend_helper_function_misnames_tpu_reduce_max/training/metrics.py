"""Logged numbers across replicas."""
from backend import on_xla


def worst_replica_loss(fabric, loss):
    """The largest loss over the replicas: the one to watch for divergence."""
    if not on_xla():
        return fabric.all_reduce(loss.detach(), reduce_op="max")
    # XLA's collectives reduce by sum and mean only: gather the losses and take the max here
    return fabric.all_gather(loss.detach()).max()
