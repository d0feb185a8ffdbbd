"""Small Fabric helpers shared by the training and the evaluation entry points."""


def setup_all(fabric, *objs):
    """Set up the given model (and optimizers) for `fabric`; always returns a tuple, in the given order."""
    out = fabric.setup(*objs)
    return out if isinstance(out, tuple) else (out,)


def rank_zero_log(fabric, step, loss):
    if fabric.global_rank == 0:
        print(f"step {step}: loss {loss:.4f}")
