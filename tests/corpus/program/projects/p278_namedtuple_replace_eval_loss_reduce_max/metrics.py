"""Losses gathered across the replicas, the way the run's hyperparameters say."""


def global_loss(fabric, loss, hp):
    return fabric.all_reduce(loss.detach(), reduce_op=hp.loss_reduce)
