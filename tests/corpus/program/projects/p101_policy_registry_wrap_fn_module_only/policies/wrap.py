from model import Block


def wrap_blocks(module):
    return isinstance(module, Block)


def wrap_large(module, recurse, unwrapped_params, min_params=1000):
    return recurse or unwrapped_params >= min_params
