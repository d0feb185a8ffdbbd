"""FSDP wrap policies: which submodules become their own XLA FSDP unit."""
import functools


def _min_params(module, recurse, unwrapped_params, min_num_params, **kwargs):
    if recurse:
        return True
    return unwrapped_params >= min_num_params


def min_params_policy(min_num_params):
    """Wrap every submodule that holds at least `min_num_params` parameters not yet wrapped."""
    return functools.partial(_min_params, min_num_params=min_num_params)
