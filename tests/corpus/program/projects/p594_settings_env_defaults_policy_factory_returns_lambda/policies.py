"""Which submodules become FSDP units."""
from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy

from model import Block


def make_wrap_policy(mode, min_params):
    if mode == "layer":
        return {Block}
    return lambda module, recurse, unwrapped_params: size_based_auto_wrap_policy(
        module, recurse, unwrapped_params, min_num_params=min_params
    )
