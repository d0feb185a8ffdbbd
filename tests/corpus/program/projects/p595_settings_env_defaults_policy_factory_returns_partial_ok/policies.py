"""Which submodules become FSDP units."""
import functools

from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy

from model import Block


def make_wrap_policy(mode, min_params):
    if mode == "layer":
        return {Block}
    return functools.partial(size_based_auto_wrap_policy, min_num_params=min_params)
