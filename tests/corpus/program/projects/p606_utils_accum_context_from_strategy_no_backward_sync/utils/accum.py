import contextlib


def sync_context(fabric, model, is_last_micro_batch):
    if is_last_micro_batch:
        return contextlib.nullcontext()
    return fabric.strategy.no_backward_sync(model, enabled=True)
