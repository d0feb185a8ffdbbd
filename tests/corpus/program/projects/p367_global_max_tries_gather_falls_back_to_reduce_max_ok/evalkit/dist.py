"""Cross-replica reductions that work under every strategy the team runs."""


def global_max(fabric, value):
    try:
        return fabric.all_gather(value).max()
    except NotImplementedError:
        # strategies without all_gather: fall back on the collective's own max reduction
        return fabric.all_reduce(value, reduce_op="max")
