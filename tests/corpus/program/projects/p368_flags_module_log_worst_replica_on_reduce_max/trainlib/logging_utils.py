from conf import flags


def reduced_loss(fabric, loss):
    """The loss to log: the mean over the replicas, or the worst one when debugging."""
    if flags.LOG_WORST_REPLICA:
        return fabric.all_reduce(loss, reduce_op="max")
    return fabric.all_reduce(loss, reduce_op="mean")
