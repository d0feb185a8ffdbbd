"""Metrics every replica agrees on before rank 0 logs them."""


def worst_loss(fabric, loss):
    # the largest loss over the replicas: a diverging shard shows up even when the mean looks fine
    return fabric.all_reduce(loss.detach(), reduce_op="max")


def mean_loss(fabric, loss):
    return fabric.all_reduce(loss.detach(), reduce_op="mean")


def log_losses(fabric, step, loss):
    mean, worst = mean_loss(fabric, loss), worst_loss(fabric, loss)
    fabric.print(f"step {step}: loss {float(mean):.4f} (worst replica {float(worst):.4f})")
    return float(mean), float(worst)
