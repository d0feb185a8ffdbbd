"""Process start-up: replaces the example's `mp.spawn(main_worker, nprocs=ngpus_per_node, args=(ngpus_per_node, args))`."""


def run_workers(fabric, worker_fn, *args):
    """Start the per-device processes, then run the worker with the Fabric as its first argument."""
    fabric.launch()
    return worker_fn(fabric, *args)
