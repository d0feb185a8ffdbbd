"""Helpers that take the Fabric and the model, so the loop never branches on the strategy."""
import os


def unwrap_model(model):
    """DDP, FSDP and Fabric's wrappers keep the user's module in `.module`."""
    return getattr(model, "module", model)


def count_parameters(model):
    return sum(p.numel() for p in unwrap_model(model).parameters())


def rank_zero_info(fabric, message):
    if fabric.is_global_zero:
        print(f"[rank 0] {message}", flush=True)


def mean_over_replicas(fabric, value):
    return fabric.all_reduce(value, reduce_op="mean")


def save_checkpoint(fabric, ckpt_dir, tag, model, optimizer, **extra):
    """One sharded checkpoint per tag; `extra` carries counters and side modules."""
    path = os.path.join(ckpt_dir, tag)
    state = {"model": unwrap_model(model), "optimizer": optimizer, **extra}
    fabric.save(path, state)
    rank_zero_info(fabric, f"saved {path}")
    return path
