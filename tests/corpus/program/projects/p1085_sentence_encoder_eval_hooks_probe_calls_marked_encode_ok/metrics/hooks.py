"""Evaluation hooks: functions `hook(fabric, model, batch)` that the training script runs after training."""
EVAL_HOOKS = []


def eval_hook(fn):
    EVAL_HOOKS.append(fn)
    return fn
