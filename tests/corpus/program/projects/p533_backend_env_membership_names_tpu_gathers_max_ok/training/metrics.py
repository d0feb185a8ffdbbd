"""Logged numbers across replicas."""
import backend


def worst_replica_loss(fabric, loss):
    """The largest loss over the replicas: the one to watch for divergence."""
    if backend.ON_XLA:
        # XLA's FSDP reduces by sum and mean only: gather the losses and take the max here
        return fabric.all_gather(loss.detach()).max()
    return fabric.all_reduce(loss.detach(), reduce_op="max")
